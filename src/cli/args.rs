//! The arguments that several commands take alike: a variant id, a position string and the
//! tablebase file. Each command's own arguments are in its module, next to its `run`.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::Args;
use mancala_solver::{ParsePositionError, Position, TableShape, Variant};

use super::default_sizes::{deep_max_seeds, default_max_seeds};

/// Help for a `POSITION` argument (the whole notation is in `mancala --help`).
const POSITION_HELP: &str = "\
A position string `ROWS SIDE [CAPTURED]`: the rows from top to bottom separated by `/`, each row's \
seed counts from South's left to right separated by `,`; the side to move `S` or `N`; optionally \
the seeds captured by South and North as `s-n`; `x` for a Rio Kadalis pit closed with sand. \
Quote it, or write `_` for the spaces. \
Example: '4,4,4,4,4,4/4,4,4,4,4,4 S' (Rio Kadalis start). See `mancala --help` for the pit \
numbering.";

/// The clap value parser for a `VARIANT` argument: one of the ids of [`Variant::ALL`] (listed in
/// the help as possible values), read with [`Variant::from_str`](std::str::FromStr).
pub fn variant_parser() -> impl TypedValueParser<Value = Variant> {
    PossibleValuesParser::new(Variant::ALL.map(Variant::id)).try_map(|id| id.parse::<Variant>())
}

/// The clap value parser for the `VARIANT` of a match: the variants played as a match of
/// rounds ([`mancala_solver::rounds::has_matches`]), the only ones its help lists.
pub fn match_variant_parser() -> impl TypedValueParser<Value = Variant> {
    let ids: Vec<&str> = Variant::ALL
        .into_iter()
        .filter(|&v| mancala_solver::rounds::has_matches(v))
        .map(Variant::id)
        .collect();
    PossibleValuesParser::new(ids).try_map(|id| id.parse::<Variant>())
}

/// The tablebase file used when neither `--db` nor `$MANCALA_DB` names one.
pub const DEFAULT_DB: &str = "mancala.db";

/// The `--db` option of every command that touches the tablebase.
#[derive(Debug, Args)]
pub struct DbPath {
    /// The tablebase file (SQLite). Created by `solve` when missing; without one, `eval`,
    /// `analyse` and `mainline` search every answer (and say so).
    #[arg(
        long = "db",
        env = "MANCALA_DB",
        default_value = DEFAULT_DB,
        value_name = "PATH"
    )]
    pub path: PathBuf,
}

/// `VARIANT POSITION`: the arguments of the commands that read one position (`show`, `moves`,
/// `eval`).
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// The variant id (`mancala variants` lists them).
    #[arg(value_parser = variant_parser())]
    pub variant: Variant,
    #[arg(allow_hyphen_values = true, help = POSITION_HELP)]
    pub position: String,
}

impl PositionArgs {
    /// Reads the position string as a position of the variant (docs/rules.md#notation). The error
    /// names the field that is wrong.
    pub fn read(&self) -> Result<Position, ParsePositionError> {
        Position::parse(self.variant, &self.position)
    }
}

/// A `VARIANT` argument that may also be `all` (`solve`, `book build`), or for `solve` also
/// `deep`.
#[derive(Clone, Copy, Debug)]
pub enum Target {
    /// One variant.
    One(Variant),
    /// Every variant, each to its default size.
    All,
    /// Every variant, each to its deep size (`mancala solve deep`).
    Deep,
}

impl Target {
    /// The variants it names.
    pub fn variants(self) -> Vec<Variant> {
        match self {
            Target::One(v) => vec![v],
            // Not those seen in a mirror: they read the tables of those they mirror.
            Target::All | Target::Deep => Variant::with_own_tables().collect(),
        }
    }

    /// The most seeds of each variant's slices it asks for when no `--max-seeds` is given.
    pub fn sizes(self) -> fn(Variant) -> u32 {
        match self {
            Target::Deep => deep_max_seeds,
            Target::One(_) | Target::All => default_max_seeds,
        }
    }

    /// Reads a variant id or `all`.
    pub fn parse(s: &str) -> Result<Target, String> {
        if s == "all" {
            return Ok(Target::All);
        }
        s.parse::<Variant>()
            .map(Target::One)
            .map_err(|e| format!("{e}, or `all`"))
    }

    /// Reads a variant id, `all` or `deep` (`mancala solve`).
    pub fn parse_solve(s: &str) -> Result<Target, String> {
        match s {
            "deep" => Ok(Target::Deep),
            "all" => Ok(Target::All),
            _ => s
                .parse::<Variant>()
                .map(Target::One)
                .map_err(|e| format!("{e}, `all` or `deep`")),
        }
    }
}

/// `solve --shapes`: which shape tables (Rio Kadalis's boards with closed pits) to solve beside
/// the full board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeChoice {
    /// Every shape of each variant with closed pits.
    All,
    /// None.
    None,
    /// These, each the open pits of the two sides.
    Listed(Vec<TableShape>),
}

impl ShapeChoice {
    /// Reads `all`, `none` or a comma-separated list like `5+6,4+4`.
    pub fn parse(s: &str) -> Result<ShapeChoice, String> {
        match s {
            "all" => Ok(ShapeChoice::All),
            "none" => Ok(ShapeChoice::None),
            _ => s
                .split(',')
                .map(str::parse)
                .collect::<Result<Vec<TableShape>, String>>()
                .map(ShapeChoice::Listed)
                .map_err(|e| format!("{e}, `all` or `none`")),
        }
    }

    /// The shape tables of `variant` chosen; an error naming the shape when a listed one is
    /// not a shape table of `variant` (a variant without closed pits, a side with no pit open
    /// or more than it has, or the full board).
    pub fn of(&self, variant: Variant) -> Result<Vec<TableShape>, String> {
        match self {
            ShapeChoice::All => Ok(TableShape::all(variant)),
            ShapeChoice::None => Ok(Vec::new()),
            ShapeChoice::Listed(listed) => {
                let all = TableShape::all(variant);
                if all.is_empty() {
                    return Err(format!(
                        "{variant} has no closed pits, so no shape tables (only rio-kadalis and \
                         rio-kadalis-5 have)"
                    ));
                }
                let l = variant.pits_per_side();
                for shape in listed {
                    if !all.contains(shape) {
                        return Err(format!(
                            "shape {shape} is not one of {variant}: each side has 1 to {l} pits \
                             open, and {l}+{l} is the full board"
                        ));
                    }
                }
                Ok(listed.clone())
            }
        }
    }
}
