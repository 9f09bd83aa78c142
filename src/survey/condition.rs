//! Conditions on a survey line, `KEY OP VALUE` (`rooms >= 20`, `watched_share<0.1`) or `KEY between LOW
//! and HIGH` (`greedy_caught between 0.3 and 0.5`, both ends included), as `search --where`, the seed
//! browser's criteria and `regenerate --until` state them. A condition is checked against the keys a line
//! really has, so an unknown key is an error that lists the valid ones rather than a silent "no match".

use std::fmt;

use thiserror::Error;

use super::line::{Figures, STEALTH_KEYS};
use super::playtest_columns::playtest_keys;

/// A comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// `<`
    Less,
    /// `<=`
    LessOrEqual,
    /// `>`
    Greater,
    /// `>=`
    GreaterOrEqual,
    /// `==`: exact, which suits the counts most keys are.
    Equal,
    /// `!=`
    NotEqual,
}

impl Op {
    /// Longest first, so `<=` is not read as `<`.
    const SPELLINGS: [(&'static str, Op); 6] = [
        ("<=", Op::LessOrEqual),
        (">=", Op::GreaterOrEqual),
        ("==", Op::Equal),
        ("!=", Op::NotEqual),
        ("<", Op::Less),
        (">", Op::Greater),
    ];

    /// How the operator is written in a condition, e.g. `>=`; parsing and printing use the same table.
    pub fn symbol(self) -> &'static str {
        Op::SPELLINGS
            .iter()
            .find(|(_, op)| *op == self)
            .map_or("?", |(s, _)| s)
    }

    /// Whether `left OP right` is true (a line's figure on the left, the condition's value on the right).
    #[expect(
        clippy::float_cmp,
        reason = "`==` and `!=` are exact on purpose: most figures are counts, and a share printed by \
                  `stats` reads back to the same f64, so any tolerance would only be a guess"
    )]
    pub fn holds(self, left: f64, right: f64) -> bool {
        match self {
            Op::Less => left < right,
            Op::LessOrEqual => left <= right,
            Op::Greater => left > right,
            Op::GreaterOrEqual => left >= right,
            Op::Equal => left == right,
            Op::NotEqual => left != right,
        }
    }
}

/// What a condition asks of its figure.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Test {
    /// `OP VALUE`; the value is always finite.
    Compare(Op, f64),
    /// `between LOW and HIGH`, both ends included; finite, and `LOW <= HIGH`.
    Between(f64, f64),
}

impl Test {
    /// Whether `figure` passes.
    pub fn holds(self, figure: f64) -> bool {
        match self {
            Test::Compare(op, value) => op.holds(figure, value),
            Test::Between(low, high) => low <= figure && figure <= high,
        }
    }
}

/// `KEY OP VALUE` or `KEY between LOW and HIGH`.
#[derive(Clone, Debug, PartialEq)]
pub struct Condition {
    /// The figure's key, with `-` read as `_` (`watched-share` is `watched_share`).
    pub key: String,
    /// What the figure must pass.
    pub test: Test,
}

/// Why a condition cannot be used: its text does not parse, or its key is not on the survey's lines.
#[derive(Debug, Error, PartialEq)]
pub enum ConditionError {
    /// No operator, or an empty or odd key or value.
    #[error(
        "condition {text:?}: expected KEY OP VALUE, with OP one of < <= > >= == != and VALUE a number \
         (e.g. 'rooms >= 20'), or KEY between LOW and HIGH (e.g. 'greedy_caught between 0.3 and 0.5')"
    )]
    Malformed {
        /// The condition as given.
        text: String,
    },
    /// The value is not a finite number.
    #[error("condition {text:?}: {value:?} is not a number")]
    NotANumber {
        /// The condition as given.
        text: String,
        /// The part after the operator.
        value: String,
    },
    /// A `between` whose low end is above its high end, which no figure could meet.
    #[error("condition {text:?}: the range is empty ({low} is above {high})")]
    EmptyRange {
        /// The condition as given.
        text: String,
        /// The low end as given.
        low: f64,
        /// The high end as given.
        high: f64,
    },
    /// The key is one the stealth summary adds, and the survey runs without it.
    #[error("condition on {key:?}: a stealth key; add --stealth to measure it")]
    NeedsStealth {
        /// The key asked for.
        key: String,
    },
    /// No line of this survey has the key.
    #[error(
        "condition on {key:?}: no such key (keys: {known}; and the playtest's: difficulty, and BOT_caught, \
         BOT_seen, BOT_loot, BOT_turns for BOT ghost, greedy, cautious or speedrunner)"
    )]
    UnknownKey {
        /// The key asked for.
        key: String,
        /// The keys the lines do have, comma-separated, so the message says what to write instead.
        known: String,
    },
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.test {
            Test::Compare(op, value) => write!(f, "{} {} {value}", self.key, op.symbol()),
            Test::Between(low, high) => write!(f, "{} between {low} and {high}", self.key),
        }
    }
}

impl Condition {
    /// Parses `KEY OP VALUE` (spaces optional) or `KEY between LOW and HIGH` (words apart by spaces,
    /// `between` and `and` in any case).
    pub fn parse(text: &str) -> Result<Self, ConditionError> {
        let malformed = || ConditionError::Malformed {
            text: text.to_string(),
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        if words
            .get(1)
            .is_some_and(|w| w.eq_ignore_ascii_case("between"))
        {
            let [key, _, low, and, high] = words[..] else {
                return Err(malformed());
            };
            if !and.eq_ignore_ascii_case("and") || !is_key(key) {
                return Err(malformed());
            }
            let (low, high) = (number(text, low)?, number(text, high)?);
            if low > high {
                return Err(ConditionError::EmptyRange {
                    text: text.to_string(),
                    low,
                    high,
                });
            }
            return Ok(Condition {
                key: key.replace('-', "_"),
                test: Test::Between(low, high),
            });
        }
        let (at, spelling, op) = Op::SPELLINGS
            .iter()
            .filter_map(|&(s, op)| text.find(s).map(|at| (at, s, op)))
            .min_by_key(|&(at, s, _)| (at, std::cmp::Reverse(s.len())))
            .ok_or_else(malformed)?;
        let key = text[..at].trim();
        let value = text[at + spelling.len()..].trim();
        if !is_key(key) || value.is_empty() {
            return Err(malformed());
        }
        Ok(Condition {
            key: key.replace('-', "_"),
            test: Test::Compare(op, number(text, value)?),
        })
    }

    /// Checks the key is one of `keys` (the keys of a real line of the survey).
    pub fn check_key(&self, keys: &[String]) -> Result<(), ConditionError> {
        if keys.contains(&self.key) {
            return Ok(());
        }
        if STEALTH_KEYS.contains(&self.key.as_str()) {
            return Err(ConditionError::NeedsStealth {
                key: self.key.clone(),
            });
        }
        let playtest = playtest_keys();
        let known: Vec<&str> = keys
            .iter()
            .filter(|k| !playtest.contains(k))
            .map(String::as_str)
            .collect();
        Err(ConditionError::UnknownKey {
            key: self.key.clone(),
            known: known.join(", "),
        })
    }

    /// Whether a line meets the condition; a line without the key (or without a number there) does not.
    pub fn holds(&self, line: &impl Figures) -> bool {
        line.number(&self.key).is_some_and(|v| self.test.holds(v))
    }
}

/// Whether `word` can be a key: letters, digits, `_` and `-`.
fn is_key(word: &str) -> bool {
    !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// `value`, a part of condition `text`, as a finite number.
fn number(text: &str, value: &str) -> Result<f64, ConditionError> {
    value
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .ok_or_else(|| ConditionError::NotANumber {
            text: text.to_string(),
            value: value.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Map, Value};

    fn parsed(text: &str) -> (String, Op, f64) {
        let c = Condition::parse(text).expect(text);
        match c.test {
            Test::Compare(op, value) => (c.key, op, value),
            Test::Between(..) => panic!("{text:?} is no comparison"),
        }
    }

    #[test]
    fn every_operator_with_and_without_spaces() {
        assert_eq!(
            parsed("rooms >= 20"),
            ("rooms".into(), Op::GreaterOrEqual, 20.0)
        );
        assert_eq!(
            parsed("rooms>=20"),
            ("rooms".into(), Op::GreaterOrEqual, 20.0)
        );
        assert_eq!(parsed("rooms<=20"), ("rooms".into(), Op::LessOrEqual, 20.0));
        assert_eq!(parsed("rooms<20"), ("rooms".into(), Op::Less, 20.0));
        assert_eq!(parsed(" rooms > 2.5 "), ("rooms".into(), Op::Greater, 2.5));
        assert_eq!(parsed("guards==0"), ("guards".into(), Op::Equal, 0.0));
        assert_eq!(
            parsed("guards != -3"),
            ("guards".into(), Op::NotEqual, -3.0)
        );
        assert_eq!(
            parsed("watched-share<0.1"),
            ("watched_share".into(), Op::Less, 0.1)
        );
        assert_eq!(
            parsed("fill >= 1e-1"),
            ("fill".into(), Op::GreaterOrEqual, 0.1)
        );
    }

    #[test]
    fn a_between_takes_both_ends_and_reads_back_as_written() {
        let c = Condition::parse("greedy-caught BETWEEN 0.3 And 0.5").expect("a between");
        assert_eq!(c.key, "greedy_caught");
        assert_eq!(c.test, Test::Between(0.3, 0.5));
        assert_eq!(c.to_string(), "greedy_caught between 0.3 and 0.5");
        assert_eq!(Condition::parse(&c.to_string()), Ok(c.clone()));
        for (figure, inside) in [
            (0.29, false),
            (0.3, true),
            (0.4, true),
            (0.5, true),
            (0.51, false),
        ] {
            assert_eq!(c.test.holds(figure), inside, "{figure}");
        }
        assert_eq!(
            Condition::parse("rooms between 3 and 3").map(|c| c.test),
            Ok(Test::Between(3.0, 3.0))
        );
        assert!(matches!(
            Condition::parse("rooms between 5 and 3"),
            Err(ConditionError::EmptyRange { .. })
        ));
        for text in [
            "rooms between 3",
            "rooms between 3 or 5",
            "rooms between 3 and 5 and 7",
        ] {
            assert!(
                matches!(
                    Condition::parse(text),
                    Err(ConditionError::Malformed { .. })
                ),
                "{text:?}"
            );
        }
        assert!(matches!(
            Condition::parse("rooms between 3 and lots"),
            Err(ConditionError::NotANumber { .. })
        ));
    }

    #[test]
    fn malformed_conditions_say_what_was_expected() {
        for text in [
            "rooms",
            "rooms = 3",
            ">= 3",
            "rooms >=",
            "two words < 3",
            "",
        ] {
            assert!(
                matches!(
                    Condition::parse(text),
                    Err(ConditionError::Malformed { .. })
                ),
                "{text:?}"
            );
        }
        for text in ["rooms < many", "rooms < NaN", "rooms < inf", "rooms <= 3 4"] {
            assert!(
                matches!(
                    Condition::parse(text),
                    Err(ConditionError::NotANumber { .. })
                ),
                "{text:?}"
            );
        }
        let message = Condition::parse("rooms = 3").unwrap_err().to_string();
        assert!(message.contains("< <= > >= == !="), "{message}");
    }

    #[test]
    fn keys_are_checked_against_a_real_line() {
        let keys = vec!["rooms".to_string(), "guards".to_string()];
        assert_eq!(
            Condition::parse("rooms > 1").unwrap().check_key(&keys),
            Ok(())
        );
        let unknown = Condition::parse("roms > 1").unwrap().check_key(&keys);
        assert!(unknown.unwrap_err().to_string().contains("rooms, guards"));
        let stealth = Condition::parse("loot_ghost > 1").unwrap().check_key(&keys);
        assert!(matches!(stealth, Err(ConditionError::NeedsStealth { .. })));
    }

    #[test]
    fn a_condition_holds_on_the_lines_value() {
        let line: Map<String, Value> =
            serde_json::from_str(r#"{"rooms": 20, "fill": 0.5}"#).expect("JSON");
        assert!(Condition::parse("rooms >= 20").unwrap().holds(&line));
        assert!(!Condition::parse("rooms > 20").unwrap().holds(&line));
        assert!(Condition::parse("fill != 0.25").unwrap().holds(&line));
        assert!(!Condition::parse("guards < 100").unwrap().holds(&line));
    }
}
