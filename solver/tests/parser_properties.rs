//! Properties of the position parser over generated text: it never panics, whatever it is given
//! (any Unicode, text in the notation's own alphabet, numbers far too large), and whatever it
//! accepts it writes back as a string that parses to the same position (the canonical form
//! read back unchanged).

use mancala_solver::{Position, Variant};
use proptest::prelude::*;
use proptest::test_runner::Config;

/// Text made of the notation's characters, with numbers of any size among them: where a parser
/// that indexes or adds without care would go wrong.
fn notation_like() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        4 => (0u64..=9).prop_map(|n| n.to_string()),
        2 => (0u64..=300).prop_map(|n| n.to_string()),
        1 => any::<u64>().prop_map(|n| n.to_string()),
        1 => Just("99999999999999999999999999".to_owned()),
        3 => Just(",".to_owned()),
        2 => Just("/".to_owned()),
        2 => Just(" ".to_owned()),
        1 => Just("_".to_owned()),
        1 => Just("-".to_owned()),
        1 => prop_oneof![Just("S"), Just("N"), Just("s"), Just("n"), Just("X")].prop_map(str::to_owned),
        1 => Just("\u{a0}".to_owned()),
    ];
    proptest::collection::vec(token, 0..60).prop_map(|t| t.concat())
}

/// The valid position strings of a variant are close to its start position: the start's text
/// with a few characters changed, dropped or doubled.
fn mutated_start(variant: Variant) -> impl Strategy<Value = String> {
    let start = Position::start(variant).to_string();
    let len = start.len();
    proptest::collection::vec((0..len, 0u8..4, proptest::char::range('+', '_')), 0..4).prop_map(
        move |edits| {
            let mut chars: Vec<char> = start.chars().collect();
            for (at, kind, c) in edits {
                let at = at.min(chars.len().saturating_sub(1));
                match kind {
                    0 if !chars.is_empty() => {
                        chars.remove(at);
                    }
                    1 => chars.insert(at, c),
                    2 if !chars.is_empty() => chars[at] = c,
                    _ => chars.insert(at, chars.get(at).copied().unwrap_or('0')),
                }
            }
            chars.into_iter().collect()
        },
    )
}

/// Parses `text` as every variant; each accepted position must survive a round trip.
fn parse_everywhere(text: &str) -> Result<(), TestCaseError> {
    for variant in Variant::ALL {
        if let Ok(position) = Position::parse(variant, text) {
            let written = position.to_string();
            let again = Position::parse(variant, &written)
                .map_err(|e| TestCaseError::fail(format!("{variant} `{written}`: {e}")))?;
            prop_assert_eq!(again, position, "{} `{}` -> `{}`", variant, text, written);
            prop_assert_eq!(again.to_string(), written);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(Config { cases: 3000, ..Config::default() })]

    #[test]
    fn any_unicode_never_panics(text in "\\PC{0,80}") {
        parse_everywhere(&text)?;
    }

    #[test]
    fn notation_like_text_never_panics_and_round_trips(text in notation_like()) {
        parse_everywhere(&text)?;
    }

    #[test]
    fn near_misses_of_start_positions_round_trip(
        (variant, text) in (0..Variant::ALL.len())
            .prop_flat_map(|i| (Just(Variant::ALL[i]), mutated_start(Variant::ALL[i])))
    ) {
        if let Ok(position) = Position::parse(variant, &text) {
            prop_assert_eq!(Position::parse(variant, &position.to_string()).ok(), Some(position));
        }
    }
}
