//! Tiled's XML map format (`.tmx`), written by hand: the format is small and a writer crate would add a
//! dependency for a few dozen lines. The terrain layer is CSV-encoded, which every TMX reader supports.

use std::fmt::Write as _;

use super::tiled::{
    FORMAT_VERSION, Object, Property, Shape, TERRAINS, TILE, TILED_VERSION, TiledMap, Value,
    terrain_name,
};

/// Escapes text for an XML attribute value.
fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => {
                let _ = write!(out, "&#{};", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

fn properties(out: &mut String, indent: &str, props: &[Property]) {
    if props.is_empty() {
        return;
    }
    let _ = writeln!(out, "{indent}<properties>");
    for p in props {
        let value = match &p.value {
            Value::Bool(b) => b.to_string(),
            Value::Int(i) => i.to_string(),
            Value::Str(s) => esc(s),
        };
        let _ = writeln!(
            out,
            "{indent} <property name=\"{}\" type=\"{}\" value=\"{value}\"/>",
            p.name,
            p.value.type_name()
        );
    }
    let _ = writeln!(out, "{indent}</properties>");
}

fn object(out: &mut String, o: &Object) {
    let _ = write!(
        out,
        "  <object id=\"{}\" name=\"{}\" type=\"{}\" x=\"{}\" y=\"{}\"",
        o.id,
        esc(&o.name),
        esc(&o.class),
        o.x,
        o.y
    );
    if let Shape::Rect { width, height } = o.shape {
        let _ = write!(out, " width=\"{width}\" height=\"{height}\"");
    }
    out.push_str(">\n");
    properties(out, "   ", &o.properties);
    match &o.shape {
        Shape::Rect { .. } => {}
        Shape::Point => out.push_str("   <point/>\n"),
        Shape::Polyline(points) => {
            let list: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
            let _ = writeln!(out, "   <polyline points=\"{}\"/>", list.join(" "));
        }
    }
    out.push_str("  </object>\n");
}

/// The map as TMX text.
pub fn to_string(map: &TiledMap) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<map version=\"{FORMAT_VERSION}\" tiledversion=\"{TILED_VERSION}\" orientation=\"orthogonal\" \
         renderorder=\"right-down\" width=\"{}\" height=\"{}\" tilewidth=\"{TILE}\" tileheight=\"{TILE}\" \
         infinite=\"0\" nextlayerid=\"{}\" nextobjectid=\"{}\">",
        map.width,
        map.height,
        map.next_layer_id(),
        map.next_object_id()
    );
    properties(&mut out, " ", &map.properties);
    let count = TERRAINS.len();
    let _ = writeln!(
        out,
        " <tileset firstgid=\"1\" name=\"terrain\" tilewidth=\"{TILE}\" tileheight=\"{TILE}\" \
         tilecount=\"{count}\" columns=\"{count}\">"
    );
    let _ = writeln!(
        out,
        "  <image source=\"{}\" width=\"{}\" height=\"{TILE}\"/>",
        esc(&map.tileset_image),
        TILE as usize * count
    );
    for (id, &t) in TERRAINS.iter().enumerate() {
        let _ = writeln!(
            out,
            "  <tile id=\"{id}\">\n   <properties>\n    <property name=\"terrain\" value=\"{}\"/>\n   </properties>\n  </tile>",
            terrain_name(t)
        );
    }
    out.push_str(" </tileset>\n");
    let _ = writeln!(
        out,
        " <layer id=\"1\" name=\"terrain\" width=\"{}\" height=\"{}\">\n  <data encoding=\"csv\">",
        map.width, map.height
    );
    let rows: Vec<String> = map
        .terrain
        .chunks(map.width.max(1) as usize)
        .map(|row| row.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
        .collect();
    out.push_str(&rows.join(",\n"));
    out.push_str("\n</data>\n </layer>\n");
    for layer in &map.object_layers {
        let _ = writeln!(
            out,
            " <objectgroup id=\"{}\" name=\"{}\">",
            layer.id, layer.name
        );
        for o in &layer.objects {
            object(&mut out, o);
        }
        out.push_str(" </objectgroup>\n");
    }
    out.push_str("</map>\n");
    out
}
