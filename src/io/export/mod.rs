//! Exports of a level to other programs' formats: level RON/JSON, Tiled maps (`.tmj` and `.tmx`), an
//! LDtk project (`.ldtk`), a PNG picture and ASCII text. Each is a pure function of the level ([`render`]), so tests, the command
//! line and the editor share it; [`write()`] saves the result atomically, with the tileset image a Tiled map
//! refers to.

pub mod ldtk;
mod outline;
pub mod png;
pub mod tiled;
mod tiled_objects;
pub mod tiled_project;
mod tmj;
mod tmx;

use std::fmt;
use std::io::Cursor;
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::{ascii, level_file};
use crate::generate::registry;
use crate::model::{Level, RoomId};

/// An export format: the one list the command line (`--format`), the campaign folder and the editor's
/// File ▸ Export menu all offer. Level RON and JSON are level files ([`level_file::Format`] is their
/// syntax, which the loaders use; it is not a second list of exports).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum, strum::VariantArray)]
pub enum Format {
    /// A level file (RON).
    Ron,
    /// A level file (JSON).
    Json,
    /// A Tiled map (JSON), with its tileset image.
    Tmj,
    /// A Tiled map (XML), with its tileset image.
    Tmx,
    /// An LDtk project (JSON): one level per mansion, with its two tileset images.
    Ldtk,
    /// A picture of the map, with the chosen overlays.
    Png,
    /// A text map with its legend.
    Ascii,
}

impl Format {
    /// Every format, in the order menus and `--help` list them.
    pub const ALL: &'static [Format] = <Format as strum::VariantArray>::VARIANTS;

    /// The name on the command line, which is also the file extension (`.txt` for ASCII).
    pub fn name(self) -> &'static str {
        match self {
            Format::Ron => "ron",
            Format::Json => "json",
            Format::Tmj => "tmj",
            Format::Tmx => "tmx",
            Format::Png => "png",
            Format::Ascii => "ascii",
            Format::Ldtk => "ldtk",
        }
    }

    /// The file extension an export of this format is saved with, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Ascii => "txt",
            other => other.name(),
        }
    }

    /// What the format is, for menus and file dialogs.
    pub fn label(self) -> &'static str {
        match self {
            Format::Ron => "Level file (RON)",
            Format::Json => "Level file (JSON)",
            Format::Tmj => "Tiled map (JSON)",
            Format::Tmx => "Tiled map (XML)",
            Format::Png => "Map image (PNG)",
            Format::Ascii => "ASCII map",
            Format::Ldtk => "LDtk project",
        }
    }

    /// The format a file name's extension names (`.txt` or `.ascii` for ASCII), in any case.
    ///
    /// # Examples
    ///
    /// Each format has one name and extension, and a file name gives its format back:
    ///
    /// ```
    /// use std::path::Path;
    ///
    /// use mansion_forge::io::export::Format;
    ///
    /// assert_eq!(Format::from_path(Path::new("maps/mansion.TMJ")), Some(Format::Tmj));
    /// assert_eq!(Format::from_path(Path::new("mansion.txt")), Some(Format::Ascii));
    /// assert_eq!(Format::from_path(Path::new("mansion.ascii")), Some(Format::Ascii));
    /// assert_eq!(Format::from_path(Path::new("mansion.docx")), None);
    /// for &format in Format::ALL {
    ///     let name = format!("level.{}", format.extension());
    ///     assert_eq!(Format::from_path(Path::new(&name)), Some(format));
    /// }
    /// assert!(Format::Tmx.is_tiled() && !Format::Ldtk.is_tiled());
    /// assert_eq!(Format::Ldtk.images(), ["terrain.png", "things.png"]);
    /// ```
    pub fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Format::ALL
            .iter()
            .copied()
            .find(|f| f.extension() == ext || f.name() == ext)
    }

    /// Whether the export is a Tiled map, which a campaign folder gives a shared tileset, a world and a
    /// project.
    pub fn is_tiled(self) -> bool {
        matches!(self, Format::Tmj | Format::Tmx)
    }

    /// The tileset images the export refers to, which are written beside it: one of each per folder,
    /// shared by every map and project exported there.
    pub fn images(self) -> &'static [&'static str] {
        match self {
            Format::Tmj | Format::Tmx => &[SHARED_TILESET_IMAGE],
            Format::Ldtk => &[SHARED_TILESET_IMAGE, THINGS_IMAGE],
            Format::Ron | Format::Json | Format::Png | Format::Ascii => &[],
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The overlays a PNG export can draw: the editor's four.
pub use crate::analysis::Overlay;

/// Why an export could not be made or written.
#[derive(Debug, Error)]
pub enum ExportError {
    /// A level-file export the loader would refuse (too large in its format), or that did not serialise.
    #[error(transparent)]
    Level(#[from] level_file::LevelFileError),
    /// The PNG encoder failed (the picture or the tileset image).
    #[error("cannot encode the PNG: {0}")]
    Image(#[from] image::ImageError),
    /// The Tiled JSON map or the LDtk project did not serialise.
    #[error("cannot write the JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// The map has more cells a side than a PNG picture is drawn for.
    #[error(
        "a {width}×{height} map is too large for a picture (at most {max} cells a side)",
        max = png::MAX_SIDE_CELLS
    )]
    TooLarge {
        /// The map's width in cells.
        width: i32,
        /// The map's height in cells.
        height: i32,
    },
    /// A file could not be written; the old file, if any, is left as it was.
    #[error("{path}: cannot write: {source}")]
    Write {
        /// The file being written (the map or its tileset image).
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
}

/// The shared tileset of a folder of maps (a campaign): `terrain.tsx`, which every map refers to.
pub const SHARED_TILESET: &str = "terrain.tsx";
pub use ldtk::THINGS_IMAGE;
pub use tiled::SHARED_TILESET_IMAGE;

/// A Tiled map's bytes (`format` is `.tmj` or `.tmx`) referring to the tileset `tileset`.
fn tiled_map(
    level: &Level,
    format: Format,
    tileset: tiled::TilesetRef,
) -> Result<Vec<u8>, ExportError> {
    let map = tiled_objects::describe(level, tileset);
    Ok(if format == Format::Tmj {
        tmj::to_vec(&map)?
    } else {
        tmx::to_vec(&map)
    })
}

/// The export's bytes. Tiled maps refer to the tileset image `tileset` (relative to the map); overlays
/// and locked rooms (a dashed border and a corner padlock badge) only change PNG pictures. A level file
/// the loader would refuse (too large in its format) is refused here, before anything is replaced.
///
/// # Examples
///
/// A Tiled JSON map (`.tmj`), in memory: one terrain tile per cell in its first layer, the map's size
/// in cells, and the tileset image named as asked:
///
/// ```
/// use mansion_forge::generate::recipe::Recipe;
/// use mansion_forge::io::export::tiled::TILE;
/// use mansion_forge::io::export::{self, Format};
///
/// let level = Recipe::campaign_level(1, 2).build().expect("builds");
/// let bytes = export::render(&level, Format::Tmj, &[], &[], "mansion-terrain.png").expect("renders");
/// let map: serde_json::Value = serde_json::from_slice(&bytes).expect("JSON");
/// assert_eq!(map["type"], "map");
/// assert_eq!((map["width"].as_i64(), map["height"].as_i64()),
///     (Some(i64::from(level.width)), Some(i64::from(level.height))));
/// assert_eq!(map["tilewidth"], TILE);
/// let terrain = &map["layers"][0];
/// assert_eq!(terrain["type"], "tilelayer");
/// let cells = terrain["data"].as_array().expect("tile ids").len();
/// assert_eq!(cells, level.terrain_cells().len());
/// assert_eq!(map["tilesets"][0]["image"], "mansion-terrain.png");
/// ```
///
/// An LDtk project (`.ldtk`) of the same level: one LDtk level, its size in pixels, and the ASCII
/// export's text map above its legend:
///
/// ```
/// use mansion_forge::generate::recipe::Recipe;
/// use mansion_forge::io::ascii;
/// use mansion_forge::io::export::tiled::TILE;
/// use mansion_forge::io::export::{self, Format, ldtk};
///
/// let level = Recipe::campaign_level(1, 2).build().expect("builds");
/// let bytes = export::render(&level, Format::Ldtk, &[], &[], "").expect("renders");
/// let project: serde_json::Value = serde_json::from_slice(&bytes).expect("JSON");
/// assert_eq!(project["jsonVersion"], ldtk::JSON_VERSION);
/// let levels = project["levels"].as_array().expect("levels");
/// assert_eq!(levels.len(), 1);
/// assert_eq!(levels[0]["identifier"], "Level_0");
/// assert_eq!(levels[0]["pxWid"].as_i64(), Some(i64::from(level.width) * i64::from(TILE)));
/// // A campaign is one project with a level per mansion.
/// let next = Recipe::campaign_level(1, 3).build().expect("builds");
/// let both: serde_json::Value =
///     serde_json::from_slice(&ldtk::project(&[&level, &next]).expect("renders")).expect("JSON");
/// assert_eq!(both["levels"].as_array().map(Vec::len), Some(2));
///
/// let text = export::render(&level, Format::Ascii, &[], &[], "").expect("renders");
/// let text = String::from_utf8(text).expect("UTF-8");
/// assert!(text.starts_with(&ascii::render(&level)));
/// assert!(text.contains(ascii::LEGEND));
/// ```
pub fn render(
    level: &Level,
    format: Format,
    overlays: &[Overlay],
    locked_rooms: &[RoomId],
    tileset: &str,
) -> Result<Vec<u8>, ExportError> {
    Ok(match format {
        Format::Ron => level_file::file_text(level, level_file::Format::Ron)?.into_bytes(),
        Format::Json => level_file::file_text(level, level_file::Format::Json)?.into_bytes(),
        Format::Tmj | Format::Tmx => tiled_map(
            level,
            format,
            tiled::TilesetRef::Embedded(tileset.to_string()),
        )?,
        Format::Png => {
            let picture = png::render_marked(
                level,
                overlays,
                png::Marks {
                    locked_rooms,
                    ..Default::default()
                },
            )
            .ok_or(ExportError::TooLarge {
                width: level.width,
                height: level.height,
            })?;
            png::encode(&picture)?
        }
        Format::Ascii => {
            let hash = registry::game_hash(level).map_or_else(String::new, |hash| {
                format!("game hash {hash} (the game's own hash of this mansion)\n")
            });
            format!("{}\n{}\n{hash}", ascii::render(level), ascii::LEGEND).into_bytes()
        }
        Format::Ldtk => ldtk::project(&[level])?,
    })
}

/// The terrain tileset as PNG bytes.
pub fn tileset_png() -> Result<Vec<u8>, ExportError> {
    png_bytes(&tiled::tileset_image())
}

fn png_bytes(image: &image::RgbaImage) -> Result<Vec<u8>, ExportError> {
    let mut bytes = Vec::new();
    image.write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png)?;
    Ok(bytes)
}

/// The bytes of the tileset image named `name` (one of [`Format::images`]).
fn image_bytes(name: &str) -> Result<Vec<u8>, ExportError> {
    if name == THINGS_IMAGE {
        png_bytes(&ldtk::things_image())
    } else {
        tileset_png()
    }
}

/// Writes the tileset images `format` refers to into `dir` (a file this program did not write is kept
/// as `.bak`); returns the files written.
pub fn write_images(dir: &Path, format: Format) -> Result<Vec<PathBuf>, ExportError> {
    let mut written = Vec::new();
    for name in format.images() {
        let path = dir.join(name);
        save(&path, &image_bytes(name)?)?;
        written.push(path);
    }
    Ok(written)
}

/// Saves one file of an export: a file this program wrote there before is replaced without a backup,
/// anything else is kept as `.bak` ([`super::written`]).
fn save(path: &Path, bytes: &[u8]) -> Result<(), ExportError> {
    super::written::save_export(path, bytes).map_err(|source| ExportError::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// Writes the export to `path`, and first the tileset images it refers to ([`Format::images`]) beside
/// it, so a map never refers to a missing image; returns the files written, the images first. Each
/// file is replaced atomically, and without a `.bak` backup only where this program wrote it
/// ([`super::written`]): an export is made again from its document, and backups are for documents.
pub fn write(
    path: &Path,
    level: &Level,
    format: Format,
    overlays: &[Overlay],
    locked_rooms: &[RoomId],
) -> Result<Vec<PathBuf>, ExportError> {
    let bytes = render(level, format, overlays, locked_rooms, SHARED_TILESET_IMAGE)?;
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut written = write_images(dir, format)?;
    save(path, &bytes)?;
    written.push(path.to_path_buf());
    Ok(written)
}

/// Writes the shared tileset of a folder of Tiled maps into `dir`: [`SHARED_TILESET_IMAGE`] first, then
/// [`SHARED_TILESET`] referring to it; returns the files written.
pub fn write_shared_tileset(dir: &Path) -> Result<Vec<PathBuf>, ExportError> {
    let mut written = write_images(dir, Format::Tmx)?;
    let tsx = dir.join(SHARED_TILESET);
    save(&tsx, &tmx::tileset_to_vec(SHARED_TILESET_IMAGE))?;
    written.push(tsx);
    Ok(written)
}

/// Writes a Tiled map (`.tmj` or `.tmx`) to `path` referring to the shared tileset
/// ([`write_shared_tileset`]) in its folder, so the maps of a campaign share one tileset.
pub fn write_with_shared_tileset(
    path: &Path,
    level: &Level,
    format: Format,
) -> Result<(), ExportError> {
    let tileset = tiled::TilesetRef::External(SHARED_TILESET.to_string());
    save(path, &tiled_map(level, format, tileset)?)
}

/// The LDtk project of a campaign folder, which holds its ten levels.
pub const CAMPAIGN_PROJECT: &str = "campaign.ldtk";

/// Writes an LDtk project of `levels` (one LDtk level each, in this order) to `path`, its tileset
/// images beside it first.
pub fn write_project(path: &Path, levels: &[&Level]) -> Result<(), ExportError> {
    let bytes = ldtk::project(levels)?;
    write_images(path.parent().unwrap_or(Path::new("")), Format::Ldtk)?;
    save(path, &bytes)
}
