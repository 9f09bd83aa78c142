//! Tiled's XML formats: the map (`.tmx`) and the shared tileset (`.tsx`), written with `quick-xml`'s
//! writer, which escapes markup. What XML 1.0 cannot hold at all — control characters other than tab,
//! line feed and carriage return, and U+FFFE/U+FFFF, which are forbidden even as character references —
//! is replaced by U+FFFD in every text written ([`xml_text`]), so no name can make a file Tiled refuses.
//! The terrain layer is CSV-encoded, which every TMX reader supports.

use std::borrow::Cow;
use std::io;

use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesText, Event};

use super::tiled::{
    FORMAT_VERSION, Object, Property, Shape, TERRAINS, TILE, TILED_VERSION, TiledMap, TilesetRef,
    Value, terrain_name,
};

/// Whether XML 1.0 allows `c` in a document (its `Char` production; Rust's `char` has no surrogates).
pub(super) fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{FFFE}' && c != '\u{FFFF}')
}

/// `text` with every character XML 1.0 forbids replaced by U+FFFD.
fn xml_text(text: &str) -> Cow<'_, str> {
    if text.chars().all(xml_char) {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(
            text.chars()
                .map(|c| if xml_char(c) { c } else { '\u{FFFD}' })
                .collect(),
        )
    }
}

type Xml = Writer<Vec<u8>>;

fn properties(w: &mut Xml, props: &[Property]) -> io::Result<()> {
    if props.is_empty() {
        return Ok(());
    }
    w.create_element("properties").write_inner_content(|w| {
        for p in props {
            let value = match &p.value {
                Value::Bool(b) => b.to_string(),
                Value::Int(i) => i.to_string(),
                Value::Object(id) => id.to_string(),
                Value::Str(s) => xml_text(s).into_owned(),
            };
            w.create_element("property")
                .with_attributes([
                    ("name", p.name),
                    ("type", p.value.type_name()),
                    ("value", value.as_str()),
                ])
                .write_empty()?;
        }
        Ok(())
    })?;
    Ok(())
}

fn point_list(points: &[(f32, f32)]) -> String {
    let list: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
    list.join(" ")
}

fn object(w: &mut Xml, o: &Object) -> io::Result<()> {
    let (id, x, y) = (o.id.to_string(), o.x.to_string(), o.y.to_string());
    let name = xml_text(&o.name);
    let class = xml_text(&o.class);
    let mut attributes = vec![
        ("id", id.as_str()),
        ("name", &name),
        ("type", &class),
        ("x", &x),
        ("y", &y),
    ];
    let size;
    if let Shape::Rect { width, height } = o.shape {
        size = (width.to_string(), height.to_string());
        attributes.extend([("width", size.0.as_str()), ("height", size.1.as_str())]);
    }
    w.create_element("object")
        .with_attributes(attributes)
        .write_inner_content(|w| {
            properties(w, &o.properties)?;
            match &o.shape {
                Shape::Rect { .. } => {}
                Shape::Point => {
                    w.create_element("point").write_empty()?;
                }
                Shape::Polyline(points) => {
                    w.create_element("polyline")
                        .with_attribute(("points", point_list(points).as_str()))
                        .write_empty()?;
                }
                Shape::Polygon(points) => {
                    w.create_element("polygon")
                        .with_attribute(("points", point_list(points).as_str()))
                        .write_empty()?;
                }
            }
            Ok(())
        })?;
    Ok(())
}

/// The tileset's element (`firstgid` only inside a map), with the image at `image`.
fn tileset(w: &mut Xml, firstgid: Option<&str>, image: &str) -> io::Result<()> {
    let count = TERRAINS.len().to_string();
    let tile = TILE.to_string();
    let image_width = (TILE as usize * TERRAINS.len()).to_string();
    let mut attributes = Vec::new();
    if let Some(gid) = firstgid {
        attributes.push(("firstgid", gid));
    }
    if firstgid.is_none() {
        attributes.extend([("version", FORMAT_VERSION), ("tiledversion", TILED_VERSION)]);
    }
    attributes.extend([
        ("name", "terrain"),
        ("tilewidth", &tile),
        ("tileheight", &tile),
        ("tilecount", &count),
        ("columns", &count),
    ]);
    let image = xml_text(image);
    w.create_element("tileset")
        .with_attributes(attributes)
        .write_inner_content(|w| {
            w.create_element("image")
                .with_attributes([
                    ("source", &*image),
                    ("width", &image_width),
                    ("height", &tile),
                ])
                .write_empty()?;
            for (id, &t) in TERRAINS.iter().enumerate() {
                let name = terrain_name(t);
                w.create_element("tile")
                    .with_attribute(("id", id.to_string().as_str()))
                    .write_inner_content(|w| {
                        w.create_element("properties").write_inner_content(|w| {
                            w.create_element("property")
                                .with_attributes([("name", "terrain"), ("value", name.as_str())])
                                .write_empty()?;
                            Ok(())
                        })?;
                        Ok(())
                    })?;
            }
            Ok(())
        })?;
    Ok(())
}

fn document(body: impl FnOnce(&mut Xml) -> io::Result<()>) -> Vec<u8> {
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 1);
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))
        .and_then(|()| body(&mut w))
        .expect("writing into memory cannot fail");
    let mut bytes = w.into_inner();
    bytes.push(b'\n');
    bytes
}

/// The map as TMX bytes.
pub fn to_vec(map: &TiledMap) -> Vec<u8> {
    document(|w| {
        let (width, height) = (map.width.to_string(), map.height.to_string());
        let tile = TILE.to_string();
        let (next_layer, next_object) = (
            map.next_layer_id().to_string(),
            map.next_object_id().to_string(),
        );
        w.create_element("map")
            .with_attributes([
                ("version", FORMAT_VERSION),
                ("tiledversion", TILED_VERSION),
                ("orientation", "orthogonal"),
                ("renderorder", "right-down"),
                ("width", &width),
                ("height", &height),
                ("tilewidth", &tile),
                ("tileheight", &tile),
                ("infinite", "0"),
                ("nextlayerid", &next_layer),
                ("nextobjectid", &next_object),
            ])
            .write_inner_content(|w| {
                properties(w, &map.properties)?;
                match &map.tileset {
                    TilesetRef::Embedded(image) => tileset(w, Some("1"), image)?,
                    TilesetRef::External(source) => {
                        w.create_element("tileset")
                            .with_attributes([("firstgid", "1"), ("source", &*xml_text(source))])
                            .write_empty()?;
                    }
                }
                let rows: Vec<String> = map
                    .terrain
                    .chunks(map.width.max(1) as usize)
                    .map(|row| row.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
                    .collect();
                let csv = format!("\n{}\n", rows.join(",\n"));
                w.create_element("layer")
                    .with_attributes([
                        ("id", "1"),
                        ("name", "terrain"),
                        ("width", &width),
                        ("height", &height),
                    ])
                    .write_inner_content(|w| {
                        w.create_element("data")
                            .with_attribute(("encoding", "csv"))
                            .write_text_content(BytesText::new(&csv))?;
                        Ok(())
                    })?;
                for layer in &map.object_layers {
                    w.create_element("objectgroup")
                        .with_attributes([
                            ("id", layer.id.to_string().as_str()),
                            ("name", layer.name),
                        ])
                        .write_inner_content(|w| {
                            for o in &layer.objects {
                                object(w, o)?;
                            }
                            Ok(())
                        })?;
                }
                Ok(())
            })?;
        Ok(())
    })
}

/// The terrain tileset as an external `.tsx` file, with its image at `image` (relative to the file).
pub fn tileset_to_vec(image: &str) -> Vec<u8> {
    document(|w| tileset(w, None, image))
}
