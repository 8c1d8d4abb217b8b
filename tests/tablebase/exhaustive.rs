//! Every variant of the small tablebase against the oracle, on positions worked out here and on
//! random ones: the value of each position and of each of its moves.

use mancala_solver::{Position, Variant};

use crate::checks::{check_against_oracle, check_moves_against_after, check_properties};
use crate::common::eval::eval_json;
use crate::common::random::{self, Lcg};
use crate::oracle::Oracle;
use crate::small_tablebase;

/// Evaluates `positions` and checks each against the oracle and the general properties; the
/// first `with_after` also against `eval` of the positions after their moves.
fn check_variant(variant: Variant, positions: &[String], with_after: usize) {
    let db = small_tablebase();
    let parsed: Vec<Position> = positions
        .iter()
        .map(|t| Position::parse(variant, t).unwrap_or_else(|e| panic!("{t}: {e}")))
        .collect();
    let oracle = Oracle::new(variant, &parsed);
    let mut seen = [0usize; 3];
    for (i, (t, p)) in positions.iter().zip(&parsed).enumerate() {
        let json = eval_json(db, variant.id(), t);
        check_properties(&json, variant.scoring());
        check_against_oracle(&json, &oracle, p);
        seen[(oracle.value_of(p).0.signum() + 1) as usize] += 1;
        if i < with_after {
            check_moves_against_after(db, &json, variant.scoring());
        }
    }
    let deepest = parsed
        .iter()
        .filter_map(|p| oracle.value_of(p).1)
        .max()
        .unwrap_or(0);
    eprintln!(
        "{variant}: {} positions checked against {} explored; (loss, draw, win) {seen:?}; deepest {deepest}",
        positions.len(),
        oracle.positions.len()
    );
    assert!(
        deepest >= 3,
        "{variant}: only shallow positions in the sample"
    );
    // The sample is worth something only if it holds wins, draws and losses.
    assert!(
        seen.iter().filter(|&&n| n > 0).count() >= 2,
        "{variant}: values seen (loss, draw, win) {seen:?}"
    );
}

/// One test a variant: the positions given, then batches of random positions, `(seeds, count)`
/// each, drawn from the seed given, all through `check_variant` (the first four also against
/// the positions after their moves).
macro_rules! values_match_an_exhaustive_search {
    ($($test:ident: $variant:ident, rng $seed:literal, [$($position:literal),* $(,)?],
        random $(($seeds:literal, $count:literal))*;)*) => {$(
        #[test]
        fn $test() {
            let mut rng = Lcg($seed);
            let mut positions: Vec<String> = vec![$($position.to_owned()),*];
            $(positions.extend(random::positions(&mut rng, Variant::$variant, $seeds, $count));)*
            check_variant(Variant::$variant, &positions, 4);
        }
    )*};
}

values_match_an_exhaustive_search! {
    rio_kadalis_values_match_an_exhaustive_search: RioKadalis, rng 0x9E37_79B9_7F4A_7C15, [
        "4,0,0,0,0,0/1,3,0,0,0,0 S",
        "0,0,0,0,0,4/1,3,0,0,0,0 S",
        "0,0,1,0,2,1/1,0,0,3,0,0 S",
        "0,0,1,0,2,1/1,0,0,3,0,0 N",
        "0,0,0,0,0,0/0,0,0,0,0,0 S",
    ], random (4, 6) (8, 14);
    rio_kadalis_5_values_match_an_exhaustive_search: RioKadalis5, rng 0xD1B5_4A32_D192_ED03, [
        "0,0,0,0,0/1,3,0,0,0 S",
        "0,0,0,0,4/4,0,0,0,0 N",
    ], random (4, 8) (8, 16);
    al_manqala_values_match_an_exhaustive_search: AlManqala, rng 0x94D0_49BB_1331_11EB, [
        "0,0,0,0,0,0,0/0,0,0,0,0,1,1 S",
        "0,0,0,0,0,0,0/1,1,0,0,0,0,0 N",
        "0,0,0,1,0,0,1/0,0,0,0,0,0,0 S", // South must pass
    ], random (4, 6) (6, 16);
    hawalis_values_match_an_exhaustive_search: Hawalis, rng 0xBF58_476D_1CE4_E5B9, [
        "0,0,0,0,0,0,1/0,0,0,0,0,0,1/0,0,0,0,0,0,0/0,0,0,0,0,0,1 S",
        "0,0,0,0,0,0,1/0,0,0,0,0,0,1/0,0,0,0,0,0,0/0,0,0,0,0,0,1 N",
    ], random (4, 24);
}
