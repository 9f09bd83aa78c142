//! The exact 2023 mode in documents, presets and the editor: an exact recipe builds the exact mansion and
//! is saved and loaded as one (older presets, without the field, stay normal); hand edits and locks are
//! replayed on it like on any level; and since its steps share one stream, a regeneration or re-roll
//! turns it into the campaign's normal recipe of the same mansion, which the editor says in its status
//! line rather than changing modes silently.

#[path = "common/ui.rs"]
mod ui;

use egui_kittest::kittest::Queryable;
use mansion_forge::edit::{Command, Document, Edit, History};
use mansion_forge::generate::recipe::Recipe;
use mansion_forge::generate::siheyuan::exact;
use mansion_forge::generate::{GenerateError, Step};
use mansion_forge::io::preset;
use mansion_forge::model::RoomKind;

#[test]
fn an_exact_recipe_builds_the_exact_mansion_and_checks_its_seed() {
    let recipe = Recipe::exact_level(4, 7);
    assert_eq!(recipe.check(), Ok(()));
    assert_eq!(recipe.build(), Ok(exact::level(4, 7).expect("level 7")));
    assert_ne!(recipe.normal(), recipe);
    assert_eq!(recipe.normal(), Recipe::campaign_level(4, 7));
    let too_big = Recipe {
        seed: 1 << 40,
        ..recipe.clone()
    };
    assert!(too_big.check().is_err());
    assert!(matches!(too_big.build(), Err(GenerateError::Exact(_))));
    let rerolled = Recipe {
        rerolls: recipe.rerolls.bump(Step::Loot),
        ..recipe
    };
    assert!(rerolled.check().is_err(), "an exact recipe has no re-rolls");
}

#[test]
fn an_exact_preset_round_trips_and_a_normal_one_says_nothing_of_it() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("exact-editing");
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let mut doc = Document::new(Recipe::exact_level(2, 5)).expect("builds");
    let room = doc
        .level
        .rooms
        .iter()
        .position(|r| r.kind == RoomKind::Room)
        .expect("a chamber");
    History::default()
        .run(&mut doc, &Command::Edit(Edit::Lock { room }))
        .expect("a lock is an edit");
    assert!(doc.recipe.exact, "locking alone keeps the mode");
    let path = dir.join("exact.ron");
    preset::save(&path, &doc, "exact").expect("saved");
    let text = std::fs::read_to_string(&path).expect("readable");
    assert!(text.contains("exact: true"), "{text}");
    let loaded = preset::load(&path).expect("loads");
    assert_eq!(loaded.document, doc);
    assert_eq!(loaded.drift, None);

    let normal = Document::new(Recipe::campaign_level(2, 5)).expect("builds");
    let normal_path = dir.join("normal.ron");
    preset::save(&normal_path, &normal, "normal").expect("saved");
    let text = std::fs::read_to_string(&normal_path).expect("readable");
    assert!(!text.contains("exact"), "{text}");
    assert!(
        !preset::load(&normal_path)
            .expect("loads")
            .document
            .recipe
            .exact
    );
}

#[test]
fn regenerating_or_rerolling_an_exact_document_makes_it_normal() {
    let exact_recipe = Recipe::exact_level(3, 6);
    let mut doc = Document::new(exact_recipe.clone()).expect("builds");
    History::default()
        .run(&mut doc, &Command::Regenerate { seed: 99 })
        .expect("regenerates");
    assert_eq!(
        doc.recipe,
        Recipe {
            seed: 99,
            ..Recipe::campaign_level(3, 6)
        }
    );
    let mut doc = Document::new(exact_recipe).expect("builds");
    History::default()
        .run(&mut doc, &Command::Reroll(Step::Patrols))
        .expect("re-rolls");
    assert!(!doc.recipe.exact);
    assert_eq!(doc.recipe.rerolls.patrols, 1);
    assert_eq!(doc.recipe.seed, Recipe::campaign_level(3, 6).seed);
}

#[test]
fn the_campaign_checkbox_opens_the_exact_mansion_and_regenerating_says_it_leaves_the_mode() {
    let mut harness = ui::harness();
    let level = harness.state().state.doc.recipe.level;
    harness
        .get_by_label("Game seed")
        .set_text_value_accesskit("42");
    harness.run_steps(2);
    harness.get_by_label("Exact 2023 mode").click();
    harness.run_steps(3);
    let state = &harness.state().state;
    assert_eq!(state.doc.recipe, Recipe::exact_level(42, level));
    assert_eq!(*state.level(), exact::level(42, level).expect("the level"));
    let state = &mut harness.state_mut().state;
    let room = state
        .doc
        .level
        .rooms
        .iter()
        .position(|r| r.kind == RoomKind::Room)
        .expect("a chamber");
    assert!(state.run(&Command::Edit(Edit::Lock { room })));
    assert!(state.doc.recipe.exact);
    let message = state.message.clone().unwrap_or_default();
    assert!(message.contains("stays exact"), "{message}");
    assert!(state.run(&Command::Regenerate { seed: 7 }));
    assert!(!state.doc.recipe.exact);
    let message = state.message.clone().unwrap_or_default();
    assert!(message.contains("Left the exact 2023 mode"), "{message}");
}
