//! Post-passes shared by every generator: loot by priority, patrol routes and guards, and the path
//! finding they use, with the chain that runs passes as data. They
//! read only the shared level model.

mod bucket_queue;
pub mod chain;
pub mod fence;
pub mod finish;
pub mod furniture;
pub mod kept_patrols;
pub mod locks;
pub mod loot;
pub mod pathfind;
mod patrol_chains;
pub mod patrols;
