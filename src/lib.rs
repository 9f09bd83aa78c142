//! Mansion Forge: a level editor and visualizer for procedurally generated stealth-game mansions.
//!
//! Data flows one way: parameters → [`generate`] → [`model::Level`] → [`analysis`] → drawing ([`paint`],
//! shared by the editor in [`app`] and the PNG export in [`io`]).

pub mod analysis;
pub mod app;
pub mod cli;
pub mod edit;
pub mod generate;
pub mod io;
pub mod model;
pub mod paint;
pub mod survey;
