//! Weights are data: feature name -> (weight, optional exponent), checked against the registry.
//!
//! In JSON a weight set is an object whose keys are feature names and whose values are either a
//! number (the weight) or `{"weight": w, "exponent": e}`.

use crate::ai::features::{
    FEATURES, Feature, Kind, Outcome, Part, READS_THE_MATCH, SIGNED, counted_cells, find_index,
    plain,
};
use crate::error::{Error, Result, json_problem};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;

/// One weighted feature.
#[derive(Clone, Copy)]
pub struct Term {
    /// The feature's index in the registry.
    pub feature: usize,
    /// Its weight (negative for bad things).
    pub weight: f64,
    /// An exponent applied as the feature defines, if any.
    pub exponent: Option<f64>,
    compute: &'static Feature,
    kind: Option<Kind>,
}

impl Term {
    /// The registered name of the term's feature.
    pub fn name(&self) -> &'static str {
        self.compute.name
    }

    /// How the incremental evaluation computes the term's feature, if it does.
    #[inline]
    pub(crate) fn kind(&self) -> Option<Kind> {
        self.kind
    }

    /// The term's part of the score of `outcome`: its weight times its feature's value, raised
    /// by its exponent as the feature defines.
    #[inline]
    pub fn contribution(&self, outcome: &Outcome) -> f64 {
        self.weight * self.compute.value(outcome, self.exponent)
    }
}

/// One weighted feature's part of a placement's score, as [`Weights::contributions`] gives it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Contribution {
    /// The feature's registered name.
    #[cfg_attr(feature = "typescript", ts(as = "crate::ai::features::FeatureName"))]
    pub feature: &'static str,
    /// The feature's name in players' words.
    pub name: &'static str,
    /// What the feature counts, in one line of plain words.
    pub meaning: &'static str,
    /// The cells it counts, as `[x, y]` on the board the placement lands on, with any full rows
    /// still in place (rows counted before clears), to point at while it is explained.
    pub cells: Vec<[i32; 2]>,
    /// The feature's value, as its definition gives it (before any exponent).
    pub value: f64,
    /// The exponent, if the weight has one.
    pub exponent: Option<f64>,
    /// The value the weight multiplies: `value` raised to the exponent as the feature defines
    /// (for `column_holes_pow` each column's count is raised before summing), else `value`.
    pub raised: f64,
    /// The weight.
    pub weight: f64,
    /// `weight` times `raised`: the feature's part of the score.
    pub contribution: f64,
}

impl std::fmt::Debug for Term {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} ^ {:?}", self.name(), self.weight, self.exponent)
    }
}

impl PartialEq for Term {
    fn eq(&self, other: &Term) -> bool {
        (self.feature, self.weight, self.exponent) == (other.feature, other.weight, other.exponent)
    }
}

/// A weight set: the terms of the weighted sum a policy maximises. Written as an object of
/// feature name -> [`WrittenWeight`], in the terms' order.
#[derive(Clone, Debug, PartialEq, Default)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[cfg_attr(
    feature = "typescript",
    ts(type = "{ [feature in FeatureName]?: WrittenWeight }")
)]
pub struct Weights {
    terms: Vec<Term>,
}

/// A feature's weight as it is written: the weight alone, or with the exponent that raises the
/// feature.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum WrittenWeight {
    /// A weight without an exponent.
    Plain(f64),
    /// A weight with an exponent.
    Raised {
        /// The weight.
        weight: f64,
        /// The exponent, above 0.
        exponent: f64,
    },
}

impl Serialize for Weights {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        serializer.collect_map(self.terms.iter().map(|t| {
            let written = match t.exponent {
                None => WrittenWeight::Plain(t.weight),
                Some(exponent) => WrittenWeight::Raised {
                    weight: t.weight,
                    exponent,
                },
            };
            (t.name(), written)
        }))
    }
}

fn check_finite(feature: &str, what: &'static str, value: f64) -> Result<()> {
    if value.is_finite() {
        Ok(())
    } else {
        Err(Error::NotFinite {
            feature: feature.to_string(),
            what,
            value,
        })
    }
}

impl Weights {
    /// A weight set from (feature name, weight, exponent) triples. Unknown or repeated names and
    /// NaN or infinite numbers are errors.
    pub fn new<'a>(
        terms: impl IntoIterator<Item = (&'a str, f64, Option<f64>)>,
    ) -> Result<Weights> {
        let mut weights = Weights::default();
        for (name, weight, exponent) in terms {
            if weights.get(name).is_some() {
                return Err(Error::Config(format!(
                    "feature \"{name}\" is weighted twice"
                )));
            }
            weights.set(name, weight, exponent)?;
        }
        Ok(weights)
    }

    /// The terms in the order they were given.
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// The weight and exponent of the feature called `name`, if it is weighted.
    pub fn get(&self, name: &str) -> Option<(f64, Option<f64>)> {
        self.terms
            .iter()
            .find(|t| t.name() == name)
            .map(|t| (t.weight, t.exponent))
    }

    /// Sets (or adds) the weight and exponent of the feature called `name`.
    pub fn set(&mut self, name: &str, weight: f64, exponent: Option<f64>) -> Result<()> {
        let feature = find_index(name)?;
        check_finite(name, "weight", weight)?;
        if let Some(e) = exponent {
            check_finite(name, "exponent", e)?;
            if SIGNED.contains(&name) {
                return Err(Error::Config(format!(
                    "feature \"{name}\" can be below 0, so it takes no exponent (got {e})"
                )));
            }
            if e <= 0.0 {
                return Err(Error::Config(format!(
                    "the exponent of feature \"{name}\" is {e}: it must be above 0"
                )));
            }
        }
        let term = Term {
            feature,
            weight,
            exponent,
            compute: &FEATURES[feature],
            kind: FEATURES[feature].incremental,
        };
        match self.terms.iter_mut().find(|t| t.feature == feature) {
            Some(existing) => *existing = term,
            None => self.terms.push(term),
        }
        Ok(())
    }

    /// Removes the feature called `name` from the set, if it is weighted.
    pub fn remove(&mut self, name: &str) {
        self.terms.retain(|t| t.name() != name);
    }

    /// Whether a weighted feature reads the match (see [`READS_THE_MATCH`]).
    pub fn reads_the_match(&self) -> bool {
        self.terms
            .iter()
            .any(|t| READS_THE_MATCH.contains(&t.name()))
    }

    /// The weighted sum of the features of `outcome`: the terms' contributions, summed in the
    /// terms' order.
    #[inline]
    pub fn evaluate(&self, outcome: &Outcome) -> f64 {
        self.terms.iter().map(|t| t.contribution(outcome)).sum()
    }

    /// Whether a term weighs the board after a move ([`Part::Board`]).
    pub fn weighs_the_board(&self) -> bool {
        self.terms.iter().any(|t| t.compute.part == Part::Board)
    }

    /// The part of [`Weights::evaluate`]'s sum that weighs the board and the match `outcome`
    /// leaves ([`Part::Board`]), apart from what its move did: its board terms' contributions,
    /// summed in the terms' order.
    #[inline]
    pub fn board_value(&self, outcome: &Outcome) -> f64 {
        self.terms
            .iter()
            .filter(|t| t.compute.part == Part::Board)
            .map(|t| t.contribution(outcome))
            .sum()
    }

    /// Each term's part of the score of `outcome`, in the terms' order: its contributions,
    /// summed in this order, are [`Weights::evaluate`]'s sum to the last bit.
    pub fn contributions(&self, outcome: &Outcome) -> Vec<Contribution> {
        self.terms
            .iter()
            .map(|t| Contribution {
                feature: t.name(),
                name: plain(t.feature).name,
                meaning: plain(t.feature).meaning,
                cells: counted_cells(t.compute.counts, outcome),
                value: t.compute.value(outcome, None),
                exponent: t.exponent,
                raised: t.compute.value(outcome, t.exponent),
                weight: t.weight,
                contribution: t.contribution(outcome),
            })
            .collect()
    }

    /// Parses weights from JSON (see the module documentation for the form).
    pub fn from_json(text: &str) -> Result<Weights> {
        serde_json::from_str(text).map_err(|e| Error::WeightsJson(json_problem(&e)))
    }

    /// The weights as pretty JSON, in the form [`Weights::from_json`] reads.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a map of numbers")
    }
}

/// The weight and exponent one JSON value gives feature `name`.
fn weight_of(name: &str, value: &Value) -> Result<(f64, Option<f64>)> {
    let bad = |message: String| Error::Config(message);
    match value {
        Value::Number(n) => Ok((n.as_f64().unwrap_or(f64::NAN), None)),
        Value::Object(fields) => {
            if let Some(key) = fields.keys().find(|k| *k != "weight" && *k != "exponent") {
                return Err(bad(format!(
                    "feature \"{name}\" has an unknown field \"{key}\" (expected \"weight\" and optionally \"exponent\")"
                )));
            }
            let number = |key: &str| -> Result<Option<f64>> {
                match fields.get(key) {
                    None | Some(Value::Null) => Ok(None),
                    Some(Value::Number(n)) => Ok(n.as_f64()),
                    Some(other) => Err(bad(format!(
                        "the {key} of feature \"{name}\" is {other}, not a number"
                    ))),
                }
            };
            let weight = number("weight")?
                .ok_or_else(|| bad(format!("feature \"{name}\" has no weight")))?;
            Ok((weight, number("exponent")?))
        }
        other => Err(bad(format!(
            "the weight of feature \"{name}\" is {other}, not a number"
        ))),
    }
}

impl<'de> Deserialize<'de> for Weights {
    fn deserialize<D: Deserializer<'de>>(
        deserializer: D,
    ) -> std::result::Result<Weights, D::Error> {
        struct Entries;
        impl<'de> Visitor<'de> for Entries {
            type Value = Weights;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of feature name -> weight")
            }

            fn visit_map<A: MapAccess<'de>>(
                self,
                mut map: A,
            ) -> std::result::Result<Weights, A::Error> {
                let mut weights = Weights::default();
                while let Some((name, value)) = map.next_entry::<String, Value>()? {
                    if weights.get(&name).is_some() {
                        return Err(de::Error::custom(format!(
                            "feature \"{name}\" is weighted twice"
                        )));
                    }
                    let (weight, exponent) = weight_of(&name, &value).map_err(de::Error::custom)?;
                    weights
                        .set(&name, weight, exponent)
                        .map_err(de::Error::custom)?;
                }
                Ok(weights)
            }
        }
        deserializer.deserialize_map(Entries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_names_and_non_finite_numbers_are_refused() {
        let unknown = Weights::new([("hole", -1.0, None)]).unwrap_err();
        assert!(matches!(&unknown, Error::UnknownFeature { name, known }
            if name == "hole" && known.contains(&"holes")));
        assert!(unknown.to_string().contains("\"hole\""));
        let nan = Weights::new([("holes", f64::NAN, None)]).unwrap_err();
        assert!(
            nan.to_string()
                .contains("weight of feature \"holes\" is NaN"),
            "{nan}"
        );
        let inf = Weights::new([("holes", 1.0, Some(f64::INFINITY))]).unwrap_err();
        assert!(
            inf.to_string()
                .contains("exponent of feature \"holes\" is inf"),
            "{inf}"
        );
        let negative = Weights::new([("holes", 1.0, Some(-0.5))]).unwrap_err();
        assert!(
            negative
                .to_string()
                .contains("exponent of feature \"holes\" is -0.5"),
            "{negative}"
        );
        let twice = Weights::new([("holes", 1.0, None), ("holes", 2.0, None)]).unwrap_err();
        assert!(twice.to_string().contains("twice"));
    }

    #[test]
    fn json_round_trips_and_bad_json_names_the_problem() {
        let text = r#"{"holes": -4, "max_height": {"weight": -8, "exponent": 2}}"#;
        let weights = Weights::from_json(text).unwrap();
        assert_eq!(weights.get("holes"), Some((-4.0, None)));
        assert_eq!(weights.get("max_height"), Some((-8.0, Some(2.0))));
        assert_eq!(Weights::from_json(&weights.to_json()).unwrap(), weights);
        let names = |e: Error| e.to_string();
        assert!(names(Weights::from_json(r#"{"holes": "x"}"#).unwrap_err()).contains("\"holes\""));
        assert!(
            names(Weights::from_json(r#"{"holes": {"weigth": 1}}"#).unwrap_err())
                .contains("weigth")
        );
        assert!(
            names(Weights::from_json(r#"{"holes": -4"#).unwrap_err()).contains("bad weights JSON")
        );
        assert!(names(Weights::from_json(r#"[1, 2]"#).unwrap_err()).contains("bad weights JSON"));
        let twice = Weights::from_json(r#"{"holes": -1, "holes": -2}"#).unwrap_err();
        assert!(names(twice).contains("\"holes\" is weighted twice"));
        let unknown = Weights::from_json(r#"{"wells": -1}"#).unwrap_err();
        assert!(names(unknown).contains("unknown feature \"wells\""));
    }
}
