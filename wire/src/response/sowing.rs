//! A move's sowing step by step, in the moves of an evaluation (`"sowing"`): what the web page
//! animates. The steps are the rules engine's own ([`Position::sowing`]); pits are written as in
//! the notation's drawings, `S3`, `N12`.

use mancala_solver::{Move, Pit, Position, SowingStep};
use serde::Serialize;
use utoipa::ToSchema;

use crate::words::SideLetter;

/// One step of a sowing, as the rules engine takes it: `{"step": "lift", "pit": "S3", "seeds":
/// 4}`, `{"step": "sow", "pit": "N1"}`, `{"step": "store", "side": "S"}` (Kalah), `{"step":
/// "capture", "pit": "N2", "seeds": 4, "by": "S"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(tag = "step", rename_all = "lowercase")]
#[schema(as = SowingStep)]
pub enum SowingStepJson {
    /// Seeds taken into the hand: from the pit played, and from each pit a relay goes on from.
    Lift {
        /// The pit, as drawn: `S3`, `N12`.
        pit: String,
        /// The seeds lifted.
        seeds: u8,
    },
    /// One seed dropped into a pit.
    Sow {
        /// The pit.
        pit: String,
    },
    /// One seed dropped into the mover's store (Kalah).
    Store {
        /// The store's owner, `S` or `N`.
        #[schema(value_type = SideLetter)]
        side: String,
    },
    /// A pit's seeds captured.
    Capture {
        /// The pit emptied.
        pit: String,
        /// The seeds taken.
        seeds: u8,
        /// Who takes them, `S` or `N`.
        #[schema(value_type = SideLetter)]
        by: String,
    },
}

/// A pit as the notation draws it: the owner's letter and the pit's number.
fn label(pit: Pit) -> String {
    format!("{}{}", pit.side.letter(), pit.number)
}

/// The steps of `mv`'s sowing in `position`; none for a pass (and none if the move were not
/// legal, which the moves of an evaluation always are).
pub fn sowing_json(position: &Position, mv: Move) -> Vec<SowingStepJson> {
    let steps = position.sowing(mv).unwrap_or_default();
    steps
        .into_iter()
        .map(|step| match step {
            SowingStep::Lift { pit, seeds } => SowingStepJson::Lift {
                pit: label(pit),
                seeds,
            },
            SowingStep::Sow { pit } => SowingStepJson::Sow { pit: label(pit) },
            SowingStep::Store { side } => SowingStepJson::Store {
                side: side.letter().to_string(),
            },
            SowingStep::Capture { pit, seeds, by } => SowingStepJson::Capture {
                pit: label(pit),
                seeds,
                by: by.letter().to_string(),
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use mancala_solver::Variant;
    use serde_json::json;

    use super::*;

    #[test]
    fn steps_as_json() {
        // Rio Kadalis: S6 = 2 sows N1 (0 -> 1) and N2 (3 -> 4, the last seed): South takes four.
        let pos = Position::parse(Variant::RioKadalis, "0,2,1,0,3,0/1,0,2,0,1,2 S").unwrap();
        let json = serde_json::to_value(sowing_json(&pos, Move::Pit(6))).unwrap();
        assert_eq!(
            json,
            json!([
                {"step": "lift", "pit": "S6", "seeds": 2},
                {"step": "sow", "pit": "N1"},
                {"step": "sow", "pit": "N2"},
                {"step": "capture", "pit": "N2", "seeds": 4, "by": "S"}
            ])
        );
        // Kalah: S3 = 4 from the start ends in the store.
        let start = Position::start(Variant::Kalah);
        let json = serde_json::to_value(sowing_json(&start, Move::Pit(3))).unwrap();
        assert_eq!(json[4], json!({"step": "store", "side": "S"}));
        assert_eq!(sowing_json(&start, Move::Pass), vec![]);
    }
}
