//! A generator's own figures of a level (the spec's measurements, e.g. the tile growth's fill or the
//! packed mansion's hole fraction): `stats` prints them after the shared keys and `search` and the seed
//! browser filter on them. Each generator says which it has ([`super::declare::Declare::figures`]).

use serde::ser::{Serialize, SerializeMap, Serializer};

/// One figure: a count, or a share (or other real number).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Figure {
    /// A number of things: modules, rooms, doors.
    Count(usize),
    /// A share or another real measurement, such as a fill or hole fraction.
    Real(f64),
}

impl Figure {
    /// The figure as a number, for conditions.
    pub fn number(self) -> f64 {
        match self {
            Figure::Count(n) => n as f64,
            Figure::Real(v) => v,
        }
    }
}

/// A generator's figures of one level, by key, in the order `stats` prints them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GeneratorFigures(pub Vec<(&'static str, Figure)>);

impl GeneratorFigures {
    /// The figure named `key`, if the generator has it.
    pub fn get(&self, key: &str) -> Option<Figure> {
        self.0
            .iter()
            .find(|(k, _)| *k == key)
            .map(|&(_, figure)| figure)
    }

    /// The figure named `key` as a number, if the generator has it.
    pub fn number(&self, key: &str) -> Option<f64> {
        self.get(key).map(Figure::number)
    }
}

/// A count as an integer, anything else as a real number.
impl Serialize for Figure {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Figure::Count(n) => n.serialize(serializer),
            Figure::Real(v) => v.serialize(serializer),
        }
    }
}

/// A map of the figures in order (counts as integers), so `stats` lines keep their key order.
impl Serialize for GeneratorFigures {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, figure) in &self.0 {
            map.serialize_entry(key, figure)?;
        }
        map.end()
    }
}
