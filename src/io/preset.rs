//! Preset files: the recipe of a level — generator, parameters, level number, seed, re-rolls — plus its
//! locks (with the locked rooms' content, who locked them and the patrols they keep) and the hand edits
//! since it was generated. Loading one rebuilds
//! the exact level, byte for byte (see [`crate::edit::Document::replay`]).
//!
//! Format: RON with a `version` field, so later versions can read or refuse old files explicitly.
//! Everything after `params` is optional; parameters left out take their defaults.
//!
//! ```ron
//! (
//!     version: 1,
//!     name: "Crypt maze",
//!     generator: "tile_growth",
//!     level: 5,
//!     seed: 1,
//!     params: (w_dead_end: 1, w_straight: 1, w_turn: 2, w_branch: 4, w_cross: 0),
//!     rerolls: (furniture: 0, loot: 1, patrols: 0),
//!     locks: [],
//!     edits: [],
//! )
//! ```
//!
//! The file is read twice: once for the version and generator id, then with the parameter type that id
//! names, so a mistake in the parameters is reported at its line and column. A level file, or a preset
//! written as JSON, is named as such before either read.
//!
//! A preset's hand edits are replayed in order, each on the level the ones before it made, so one edit
//! that no longer applies (edited by hand, or made by another build) stops the rebuild. It is named by its
//! number, what it does and its line ([`BrokenEdit`]), and [`BrokenEdits::Skip`] loads the preset without
//! it and the edits after it, which may depend on it.

use std::path::{Path, PathBuf};

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::atomic::save_atomic;
use super::broken_edit::broken_edit_message;
pub use super::broken_edit::{BrokenEdit, BrokenEdits};
use super::edit_places::{Place, edit_places};
pub use super::fingerprint::{fingerprint, fingerprint_number};
use super::level_file::{Format, MAX_FILE_BYTES};
use super::parse_message::ron_message;
use super::read::{self, ReadError, size_in_words};
use super::sniff::{self, Kind};
use crate::edit::{CommandError, Document, Edit};
use crate::generate::Rerolls;
use crate::generate::recipe::Recipe;
use crate::generate::registry::{self, GeneratorKind};
use crate::model::{LockedRoom, valid};

/// The preset format this build writes and reads.
pub const PRESET_VERSION: u32 = 1;

/// One preset file with typed generator parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PresetFile<P> {
    /// The format version, [`PRESET_VERSION`] for files this build writes; read first, so that a file
    /// of another version is refused by name rather than by whatever field it lacks.
    pub version: u32,
    /// The designer's name for the preset, shown in the editor; may be empty.
    #[serde(default)]
    pub name: String,
    /// The generator id (`siheyuan`, `tile_growth`, …); it picks the type `P` the parameters are read as.
    pub generator: String,
    /// Level number 0–9: dressing and patrol rules (guards from 1, outside patrols from 6).
    pub level: u32,
    /// The seed the level is generated from.
    pub seed: u64,
    /// The generator's parameters; a parameter left out takes its default.
    pub params: P,
    /// How many times each later step was re-rolled in the editor, so the same draws come back.
    #[serde(default)]
    pub rerolls: Rerolls,
    /// The exact 2023 mode (`seed` is then the game seed); absent, and so false, in older files.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub exact: bool,
    /// The locks the level is generated with, with the locked rooms' content.
    #[serde(default)]
    pub locks: Vec<LockedRoom>,
    /// Hand edits applied after generating, in order.
    #[serde(default)]
    pub edits: Vec<Edit>,
    /// What the preset rebuilt to when it was saved; absent in presets written by hand.
    #[serde(default)]
    pub made_with: Option<MadeWith>,
}

/// The generator version a preset was saved with and a fingerprint of the level it rebuilt to then, so
/// a build whose generator (or lock retry) changed can say that the preset now rebuilds differently.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MadeWith {
    /// The generator's version number then; when it differs from this build's, the warning says so.
    pub generator_version: u32,
    /// FNV-1a of the rebuilt level's JSON, as 16 hex digits.
    pub level: String,
}

impl MadeWith {
    /// The record for `doc` as it is now.
    pub fn of(doc: &Document) -> Self {
        MadeWith {
            generator_version: doc.recipe.generator.generator().version(),
            level: fingerprint(&doc.level),
        }
    }
}

/// A preset read from a file, ready to rebuild.
#[derive(Clone, Debug, PartialEq)]
pub struct Preset {
    /// The designer's name for the preset; may be empty.
    pub name: String,
    /// Generator, parameters, level number, seed and re-rolls, checked against the limits.
    pub recipe: Recipe,
    /// The locks to generate with (the document's base locks), each checked for this generator.
    pub locks: Vec<LockedRoom>,
    /// Hand edits to replay after generating, in order.
    pub edits: Vec<Edit>,
    /// What the preset rebuilt to when saved, to warn of drift; `None` for a preset written by hand.
    pub made_with: Option<MadeWith>,
    /// Where each edit starts in the text the preset was read from, for messages; empty for a preset
    /// made in memory.
    pub edit_places: Vec<Place>,
}

/// A preset rebuilt into its document, with a warning when it no longer rebuilds to the level it was
/// saved with.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    /// The rebuilt document, ready to edit.
    pub document: Document,
    /// The warning to show when the level differs from the one the preset was saved with.
    pub drift: Option<String>,
    /// The edit the rebuild stopped at, left out with every edit after it ([`BrokenEdits::Skip`]).
    pub skipped: Option<BrokenEdit>,
}

impl Preset {
    /// The preset that reproduces `doc`.
    pub fn of(doc: &Document, name: &str) -> Self {
        Preset {
            name: name.to_string(),
            recipe: doc.recipe.clone(),
            locks: doc.base_locks.clone(),
            edits: doc.edits.clone(),
            made_with: Some(MadeWith::of(doc)),
            edit_places: Vec::new(),
        }
    }

    /// Rebuilds the document: generate with the locks, then replay the edits.
    pub fn document(&self) -> Result<Document, CommandError> {
        Document::replay(self.recipe.clone(), self.locks.clone(), self.edits.clone())
    }

    /// Rebuilds the document and compares it with what the preset was saved with.
    pub fn rebuild(&self) -> Result<Loaded, CommandError> {
        let document = self.document()?;
        let drift = self.drift(&document);
        Ok(Loaded {
            document,
            drift,
            skipped: None,
        })
    }

    /// [`Preset::rebuild`], with a failure that names the preset's file `path` and, for an edit that
    /// cannot be applied, the edit and its line.
    pub fn rebuild_named(&self, path: &Path) -> Result<Loaded, PresetError> {
        self.rebuild_with(path, BrokenEdits::Refuse)
    }

    /// Rebuilds the document, refusing or leaving out (with the edits after it) an edit that cannot be
    /// applied; failures name the preset's file `path`. A preset loaded without some of its edits has
    /// no drift warning: it rebuilds to another level than it was saved with by design, and
    /// [`Loaded::skipped`] says why.
    pub fn rebuild_with(&self, path: &Path, broken: BrokenEdits) -> Result<Loaded, PresetError> {
        let path = read::input_name(path).to_path_buf();
        let replayed = Document::replay_until_broken(
            self.recipe.clone(),
            self.locks.clone(),
            self.edits.clone(),
        )
        .map_err(|e| PresetError::Rebuild {
            path: path.clone(),
            source: e.into(),
        })?;
        let document = replayed.document;
        match replayed.broken {
            None => Ok(Loaded {
                drift: self.drift(&document),
                document,
                skipped: None,
            }),
            Some(failure) => {
                let edit = BrokenEdit::new(failure, &self.edit_places);
                match broken {
                    BrokenEdits::Refuse => Err(PresetError::BrokenEdit {
                        path,
                        edit: Box::new(edit),
                    }),
                    BrokenEdits::Skip => Ok(Loaded {
                        document,
                        drift: None,
                        skipped: Some(edit),
                    }),
                }
            }
        }
    }

    /// Why `doc` (this preset rebuilt) differs from the level the preset was saved with, if it does.
    pub fn drift(&self, doc: &Document) -> Option<String> {
        let saved = self.made_with.as_ref()?;
        let now = MadeWith::of(doc);
        (now.level != saved.level).then(|| {
            let versions = if now.generator_version == saved.generator_version {
                format!("version {} of the generator", now.generator_version)
            } else {
                format!(
                    "generator version {} (it was saved with version {})",
                    now.generator_version, saved.generator_version
                )
            };
            format!(
                "this preset rebuilds to a different level than when it was saved, with {versions}; \
                 save it again to keep the level you see now"
            )
        })
    }
}

/// Why a preset could not be read or written; the editor shows it and keeps its document.
#[derive(Debug, Error)]
pub enum PresetError {
    /// The file could not be read (missing, unreadable, too large, not UTF-8).
    #[error("{path}: {source}")]
    Read {
        /// The file, or `-` for standard input.
        path: PathBuf,
        /// What went wrong.
        source: ReadError,
    },
    /// The text is not a well-formed preset.
    #[error("{path}:{line}:{column}: invalid preset: {message}")]
    Parse {
        /// The file, or `-` for standard input.
        path: PathBuf,
        /// 1-based line of the mistake.
        line: usize,
        /// 1-based column of the mistake.
        column: usize,
        /// The parser's complaint, fit to show (echoes cut, control characters escaped).
        message: String,
    },
    /// The preset is of a format version this build does not read.
    #[error(
        "{path}: preset version {found} is not supported (this build reads version {PRESET_VERSION})"
    )]
    Version {
        /// The file, or `-` for standard input.
        path: PathBuf,
        /// The version the file states.
        found: u32,
    },
    #[error(
        "{path}: unknown generator `{found}` (expected {})",
        registry::ids_in_files()
    )]
    /// The preset names a generator this build does not have.
    Generator {
        /// The file, or `-` for standard input.
        path: PathBuf,
        /// The name as the file has it, cut and escaped by [`read::quote`].
        found: String,
    },
    /// A parameter, level number or lock is outside what the generator accepts.
    #[error("{path}: {message}")]
    Recipe {
        /// The file, or `-` for standard input.
        path: PathBuf,
        /// Which value is out of range, in a designer's words.
        message: String,
    },
    /// The preset reads well but generating it (with its locks) fails.
    #[error("{path}: the preset does not rebuild: {source}")]
    Rebuild {
        /// The file, or `-` for standard input.
        path: PathBuf,
        /// Why the generation failed.
        source: CommandError,
    },
    /// One of the preset's hand edits cannot be applied; [`BrokenEdits::Skip`] loads it without that
    /// edit and the ones after it.
    #[error("{}", broken_edit_message(.path, .edit))]
    BrokenEdit {
        /// The file, or `-` for standard input.
        path: PathBuf,
        /// Boxed: the other errors are small, and every loader returns this type.
        edit: Box<BrokenEdit>,
    },
    /// A level file where a preset was asked for.
    #[error(
        "{path}: this is a level file, not a preset: open it in the editor and save it as a preset"
    )]
    NotAPreset {
        /// The file, or `-` for standard input.
        path: PathBuf,
    },
    /// A preset written in JSON: presets are RON.
    #[error(
        "{path}: this is a preset written as JSON, but presets are read only as RON: write it in RON \
         (as presets/default.ron is) or save it from the editor"
    )]
    Json {
        /// The file, or `-` for standard input.
        path: PathBuf,
    },
    /// The preset's text would be larger than the loader reads, so it is not written.
    #[error(
        "not saved: the preset is too large: it would take {}, more than the {} a preset may hold; \
         lock the rooms it edits and regenerate, which keeps the edits in the locks instead of its \
         list of {edits} edits",
        size_in_words(*.bytes),
        size_in_words(MAX_FILE_BYTES)
    )]
    TooLarge {
        /// The size the text would have.
        bytes: u64,
        /// How many hand edits the preset lists: usually what makes it large.
        edits: usize,
    },
    /// The preset could not be turned into RON (the serialiser's message).
    #[error("cannot write preset: {0}")]
    Serialise(String),
    /// The file could not be written; the old file, if any, is left as it was.
    #[error("{path}: cannot write: {source}")]
    Write {
        /// The file being saved.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
}

/// The fields read before the parameters' type is known.
#[derive(Deserialize)]
struct Header {
    version: u32,
    generator: String,
}

fn parse_ron<T: DeserializeOwned>(text: &str, path: &Path) -> Result<T, PresetError> {
    ron::from_str(text).map_err(|e| parse_error(text, path, &e))
}

fn parse_error(text: &str, path: &Path, e: &ron::error::SpannedError) -> PresetError {
    PresetError::Parse {
        path: path.to_path_buf(),
        line: e.span.start.line,
        column: e.span.start.col,
        message: ron_message(text, e),
    }
}

/// The preset read with its generator's parameter type: the parameters first (so a mistake in them is
/// reported at its line and column), then the other fields.
fn typed(text: &str, path: &Path, kind: &dyn GeneratorKind) -> Result<Preset, PresetError> {
    let params = kind
        .params_from_ron(text)
        .map_err(|e| parse_error(text, path, &e))?;
    let file: PresetFile<IgnoredAny> = parse_ron(text, path)?;
    for (i, lock) in file.locks.iter().enumerate() {
        valid::check_lock(&file.generator, kind.rooms(), i, lock).map_err(|e| {
            PresetError::Recipe {
                path: path.to_path_buf(),
                message: e.0,
            }
        })?;
    }
    let recipe = Recipe {
        generator: params,
        level: file.level,
        seed: file.seed,
        rerolls: file.rerolls,
        exact: file.exact,
    };
    Ok(Preset {
        name: file.name,
        recipe,
        locks: file.locks,
        edit_places: if file.edits.is_empty() {
            Vec::new()
        } else {
            edit_places(text)
        },
        edits: file.edits,
        made_with: file.made_with,
    })
}

/// Parses preset text; `path` only labels errors (`-` as standard input). A byte-order mark before the
/// text is skipped; a level file or a preset written as JSON is refused as such.
///
/// Reading a hand-written preset and rebuilding its level:
///
/// ```
/// use std::path::Path;
///
/// use mansion_forge::generate::tile_growth::TileGrowthParams;
/// use mansion_forge::generate::tile_growth::declaration::Declaration as TileGrowth;
/// use mansion_forge::io::preset;
///
/// let text = r#"(
///     version: 1,
///     name: "Twisty crypt",
///     generator: "tile_growth",
///     level: 2,
///     seed: 7,
///     params: (w_turn: 5),
/// )"#;
/// let preset = preset::parse(text, Path::new("twisty.ron")).expect("a valid preset");
/// assert_eq!(preset.name, "Twisty crypt");
/// assert_eq!((preset.recipe.level, preset.recipe.seed), (2, 7));
/// let params = preset.recipe.generator.get::<TileGrowth>().expect("tile-growth parameters");
/// assert_eq!(params.w_turn, 5);
/// // A parameter the file leaves out takes its default.
/// assert_eq!(params.w_branch, TileGrowthParams::default().w_branch);
///
/// let loaded = preset.rebuild().expect("the preset rebuilds");
/// assert_eq!(loaded.document.level.generator, "tile_growth");
/// assert!(loaded.drift.is_none(), "a hand-written preset records no level to drift from");
/// ```
pub fn parse(text: &str, path: &Path) -> Result<Preset, PresetError> {
    let path = read::input_name(path);
    let text = sniff::without_bom(text);
    let found = sniff::sniff(text);
    let path_buf = path.to_path_buf();
    match (found.kind, found.syntax) {
        (Kind::Preset, Format::Json) => return Err(PresetError::Json { path: path_buf }),
        (Kind::Level, _) => return Err(PresetError::NotAPreset { path: path_buf }),
        (Kind::Preset, Format::Ron) => {}
    }
    let header: Header = parse_ron(text, path)?;
    if header.version != PRESET_VERSION {
        return Err(PresetError::Version {
            path: path.to_path_buf(),
            found: header.version,
        });
    }
    let Some(kind) = registry::find_in_file(&header.generator) else {
        return Err(PresetError::Generator {
            path: path.to_path_buf(),
            found: read::quote(&header.generator),
        });
    };
    let preset = typed(text, path, kind)?;
    preset
        .recipe
        .check()
        .map_err(|message| PresetError::Recipe {
            path: path.to_path_buf(),
            message,
        })?;
    Ok(preset)
}

/// Reads a preset file (standard input for `-`).
pub fn read(path: &Path) -> Result<Preset, PresetError> {
    let text = read::read_text(path, MAX_FILE_BYTES).map_err(|source| PresetError::Read {
        path: read::input_name(path).to_path_buf(),
        source,
    })?;
    parse(&text, path)
}

/// Loads a preset and rebuilds its document, saying so when it no longer rebuilds to the level it was
/// saved with.
pub fn load(path: &Path) -> Result<Loaded, PresetError> {
    load_with(path, BrokenEdits::Refuse)
}

/// [`load`], refusing or leaving out an edit that cannot be applied (see [`Preset::rebuild_with`]).
pub fn load_with(path: &Path, broken: BrokenEdits) -> Result<Loaded, PresetError> {
    read(path)?.rebuild_with(path, broken)
}

fn file_text<P: Serialize>(preset: &Preset, params: P) -> Result<String, PresetError> {
    let file = PresetFile {
        version: PRESET_VERSION,
        name: preset.name.clone(),
        generator: preset.recipe.generator.id().to_string(),
        level: preset.recipe.level,
        seed: preset.recipe.seed,
        params,
        rerolls: preset.recipe.rerolls,
        exact: preset.recipe.exact,
        locks: preset.locks.clone(),
        edits: preset.edits.clone(),
        made_with: preset.made_with.clone(),
    };
    let config = ron::ser::PrettyConfig::new()
        .depth_limit(2)
        .compact_arrays(true)
        .struct_names(false);
    let text = ron::ser::to_string_pretty(&file, config)
        .map(|t| t + "\n")
        .map_err(|e| PresetError::Serialise(e.to_string()))?;
    let bytes = text.len() as u64;
    if bytes > MAX_FILE_BYTES {
        return Err(PresetError::TooLarge {
            bytes,
            edits: preset.edits.len(),
        });
    }
    Ok(text)
}

/// The preset text (pretty RON), refused when it is larger than the loader reads: the program never
/// writes a preset it would refuse to open.
pub fn to_string(preset: &Preset) -> Result<String, PresetError> {
    file_text(preset, &preset.recipe.generator)
}

/// Saves the preset of a document atomically.
pub fn save(path: &Path, doc: &Document, name: &str) -> Result<(), PresetError> {
    let text = to_string(&Preset::of(doc, name))?;
    save_atomic(path, text.as_bytes()).map_err(|source| PresetError::Write {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edit::Command;
    use crate::model::{Cell, ItemKind};

    fn edited_document() -> Document {
        let mut doc = Document::new(Recipe::campaign_level(3, 6)).expect("generates");
        doc.apply(Edit::Lock { room: 2 }).expect("lock");
        doc.execute(&Command::Regenerate { seed: 77 })
            .expect("regenerates");
        let cell = doc.level.rooms[5].cells[0];
        doc.apply(Edit::SetItem {
            cell,
            item: Some(ItemKind::Chair),
        })
        .expect("edit");
        doc.apply(Edit::MovePlayerStart {
            to: Cell::new(1, 1),
        })
        .expect("edit");
        doc
    }

    #[test]
    fn a_saved_preset_rebuilds_the_same_level() {
        let doc = edited_document();
        let text = to_string(&Preset::of(&doc, "test")).expect("serialises");
        let back = parse(&text, Path::new("x.ron"))
            .expect("parses")
            .document()
            .expect("rebuilds");
        assert_eq!(back, doc);
    }

    #[test]
    fn a_wrong_version_is_refused_by_name() {
        let text = to_string(&Preset::of(&edited_document(), "v"))
            .expect("serialises")
            .replacen("version: 1", "version: 9", 1);
        let err = parse(&text, Path::new("p.ron")).expect_err("refused");
        assert!(
            err.to_string().contains("version 9 is not supported"),
            "{err}"
        );
    }

    #[test]
    fn a_truncated_preset_names_the_line_and_column() {
        let text = to_string(&Preset::of(&edited_document(), "cut")).expect("serialises");
        let err = parse(&text[..text.len() / 2], Path::new("cut.ron")).expect_err("refused");
        assert!(err.to_string().starts_with("cut.ron:"), "{err}");
    }

    #[test]
    fn an_out_of_range_plan_is_refused_not_built() {
        let text = "(version: 1, generator: \"siheyuan\", level: 3, seed: 1, params: (rooms_x: 999999, rooms_y: 4, loot: 5))";
        let err = parse(text, Path::new("big.ron")).expect_err("refused");
        assert!(err.to_string().contains("rooms_x 999999"), "{err}");
    }
}
