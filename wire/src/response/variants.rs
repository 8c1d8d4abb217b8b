//! What the service offers: the variants and what is solved of each (`GET /api/variants`), and
//! that it is up (`GET /healthz`).

use mancala_db::SliceInfo;
use mancala_solver::rounds::has_matches;
use mancala_solver::{Position, Slice, SliceId, Variant, RULES_VERSION, SOLVER_VERSION};
use serde::Serialize;
use utoipa::ToSchema;

use crate::words::{
    direction_word, scoring_word, HealthStatus, Rows, ScoringWord, SowingDirection, VariantId,
    HEALTH_OK,
};

/// `GET /api/variants`: every variant, and the versions its values were solved under.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Variants)]
pub struct VariantsJson {
    /// One entry per variant, in listing order.
    pub variants: Vec<VariantJson>,
    /// The solver version of the slices served.
    pub solver_version: &'static str,
    /// The rules version of the slices served.
    pub rules_version: &'static str,
}

impl VariantsJson {
    /// Every variant, given the slices stored.
    pub fn new(stored: &[SliceInfo]) -> VariantsJson {
        VariantsJson {
            variants: Variant::ALL
                .iter()
                .map(|&v| VariantJson::new(v, stored))
                .collect(),
            solver_version: SOLVER_VERSION,
            rules_version: RULES_VERSION,
        }
    }
}

/// One variant: its board, rules summary, source, start and what is solved.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Variant)]
pub struct VariantJson {
    /// The id used in URLs.
    #[schema(value_type = VariantId)]
    pub id: &'static str,
    /// The name players use.
    pub name: &'static str,
    /// The board.
    pub board: BoardJson,
    /// `score` or `win-draw-loss` (docs/rules.md#values-and-depths).
    #[schema(value_type = ScoringWord)]
    pub scoring: &'static str,
    /// A short statement of the rules.
    pub rules: &'static str,
    /// Where the rules come from.
    pub source: &'static str,
    /// The start position.
    pub start: String,
    /// What the tablebase holds for it.
    pub solved: SolvedJson,
    /// Played as a match of rounds (Rio Kadalis): `POST /api/{variant}/match` takes its matches.
    pub matches: bool,
    /// The variant this one is seen in a mirror (`rio-kadalis` for `rio-kadalis-cw`): its
    /// values are that variant's with each row read from the other end, and `solved` is that
    /// variant's tables (docs/rules.md#clockwise-rio-kadalis). `null` for the others.
    #[schema(value_type = Option<VariantId>, required = true)]
    pub mirror_of: Option<&'static str>,
}

/// The board of a variant.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Board)]
pub struct BoardJson {
    /// 2 or 4.
    #[schema(value_type = Rows)]
    pub rows: usize,
    /// Pits in a row.
    pub pits_per_row: usize,
    /// Pits one side owns: a side's pits are numbered 1..pits_per_side.
    pub pits_per_side: usize,
    /// Seeds in every pit at the start.
    pub seeds_per_pit: u8,
    /// Seeds in the whole game.
    pub total_seeds: u32,
    /// `counter-clockwise` or `clockwise`.
    #[schema(value_type = SowingDirection)]
    pub sowing: &'static str,
}

/// The solved slices of a variant.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Solved)]
pub struct SolvedJson {
    /// Every slice solved under the current rules, in solving order (`12`, or `5-3`:
    /// mover-opponent on four-row boards).
    pub slices: Vec<String>,
    /// The most seeds on the board such that every position with at most that many can be
    /// evaluated (`null`: not even the empty board is solved).
    #[schema(required = true)]
    pub max_seeds: Option<u32>,
    /// Positions stored in those slices.
    pub positions: u64,
}

impl VariantJson {
    /// The entry of `v`, given the slices stored (its own, or those of the variant it mirrors).
    pub fn new(v: Variant, stored: &[SliceInfo]) -> VariantJson {
        let tables = v.stored_as();
        let current: Vec<&SliceInfo> = stored
            .iter()
            .filter(|s| s.variant == tables.id() && s.is_current())
            .collect();
        let ids: Vec<SliceId> = current
            .iter()
            .filter_map(|s| s.slice.parse().ok())
            .collect();
        // The largest total whose slices, and those of every smaller total, are all solved.
        let mut max_seeds = None;
        for total in 0..=v.total_seeds() {
            let slices: Vec<Slice> = Slice::up_to(tables, total)
                .into_iter()
                .filter(|s| s.id.total() == total)
                .collect();
            if slices.is_empty() {
                continue; // no position has this many seeds (Rio Kadalis: multiples of 4)
            }
            if !slices.iter().all(|s| ids.contains(&s.id)) {
                break;
            }
            max_seeds = Some(total);
        }
        VariantJson {
            id: v.id(),
            name: v.name(),
            board: BoardJson {
                rows: v.rows(),
                pits_per_row: v.pits_per_row(),
                pits_per_side: v.pits_per_side(),
                seeds_per_pit: v.seeds_per_pit(),
                total_seeds: v.total_seeds(),
                sowing: direction_word(v.direction()),
            },
            scoring: scoring_word(v.scoring()),
            rules: v.summary(),
            source: v.source(),
            start: Position::start(v).to_string(),
            matches: has_matches(v),
            mirror_of: v.mirror_image_of().map(Variant::id),
            solved: SolvedJson {
                slices: current.iter().map(|s| s.slice.clone()).collect(),
                max_seeds,
                positions: current.iter().map(|s| s.positions).sum(),
            },
        }
    }
}

/// `GET /healthz`: `{"status": "ok"}`.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Health)]
pub struct HealthJson {
    /// Always `ok`.
    #[schema(value_type = HealthStatus)]
    pub status: &'static str,
}

impl HealthJson {
    /// The one answer: the service is up.
    pub const OK: HealthJson = HealthJson { status: HEALTH_OK };
}
