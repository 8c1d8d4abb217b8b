//! Reading a certificate file (docs/proofs.md): the header on line 1, then one strategy line a
//! position, each checked as it is read.

use std::collections::HashMap;
use std::io::BufRead;

use serde_json::{Map, Value};

use super::{Bound, Certificate, Header, ProofError, Strategy, FORMAT, MAX_LINES};
use crate::notation;
use crate::rules::{outcome, Move, Outcome, Pos};
use crate::variant::Variant;

/// The fields of the header, in the order docs/proofs.md lists them.
const HEADER_FIELDS: [&str; 5] = ["format", "variant", "root", "value", "tablebase_max_seeds"];

/// The fields of a strategy line.
const LINE_FIELDS: [&str; 3] = ["bound", "position", "move"];

/// Reads a whole certificate.
pub(super) fn certificate(reader: impl BufRead) -> Result<Certificate, ProofError> {
    let mut lines = reader.lines();
    let bad = |line: usize, what: String| ProofError::Line { line, what };
    let first = match lines.next() {
        None => {
            return Err(bad(
                1,
                "the file is empty: line 1 must be the header".into(),
            ))
        }
        Some(l) => l.map_err(|e| bad(1, format!("cannot be read: {e}")))?,
    };
    let header = header(&first).map_err(|what| bad(1, what))?;
    let spec = header.variant.spec();
    let mut strategies = [Strategy::default(), Strategy::default()];
    // Where each position's line is, by bound: to name both lines of a duplicate.
    let mut seen: [HashMap<Pos, usize>; 2] = [HashMap::new(), HashMap::new()];
    let mut count = 1;
    for (i, text) in lines.enumerate() {
        let number = i + 2;
        if number > MAX_LINES {
            return Err(ProofError::TooManyLines { limit: MAX_LINES });
        }
        count = number;
        let text = text.map_err(|e| bad(number, format!("cannot be read: {e}")))?;
        let (bound, pos, mv) = line(&header, &text).map_err(|what| bad(number, what))?;
        let chooser = match bound {
            Bound::Lower => header.root.side,
            Bound::Upper => 1 - header.root.side,
        };
        if pos.side != chooser {
            return Err(bad(
                number,
                format!(
                    "a `{bound}` line must be for a position where {} is to move (the side that \
                     chooses in the {bound} bound: {}), but `{}` has the other side to move",
                    side_name(chooser),
                    match bound {
                        Bound::Lower => "the root's side to move",
                        Bound::Upper => "the opponent of the root's side to move",
                    },
                    notation::write_board(&spec, &pos)
                ),
            ));
        }
        let legal: Vec<Move> = match outcome(&spec, &pos) {
            Outcome::Over(_) => vec![],
            Outcome::Moves(moves) => moves.iter().map(|m| m.mv).collect(),
        };
        if !legal.contains(&mv) {
            let listed = if legal.is_empty() {
                "none: the game is over there".to_owned()
            } else {
                legal
                    .iter()
                    .map(Move::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            return Err(bad(
                number,
                format!(
                    "move {mv} is not legal in `{}` (legal moves: {listed})",
                    notation::write_board(&spec, &pos)
                ),
            ));
        }
        let b = bound as usize;
        if let Some(earlier) = seen[b].insert(pos, number) {
            return Err(bad(
                number,
                format!(
                    "a second `{bound}` line for `{}` (the first is line {earlier})",
                    notation::write_board(&spec, &pos)
                ),
            ));
        }
        strategies[b].moves.insert(pos, (mv, number));
    }
    let [lower, upper] = strategies;
    Ok(Certificate {
        header,
        lower,
        upper,
        lines: count,
    })
}

/// The side's name.
fn side_name(side: usize) -> &'static str {
    if side == 0 {
        "South"
    } else {
        "North"
    }
}

/// The JSON object of a line, with exactly the fields `fields`; `what` names the line's kind.
fn object<'a>(
    value: &'a Value,
    fields: &[&str],
    what: &str,
) -> Result<&'a Map<String, Value>, String> {
    let Value::Object(map) = value else {
        return Err(format!("{what} must be a JSON object"));
    };
    for key in map.keys() {
        if !fields.contains(&key.as_str()) {
            return Err(format!(
                "{what} has a field `{key}` the format does not have (its fields: {})",
                fields.join(", ")
            ));
        }
    }
    for f in fields {
        if !map.contains_key(*f) {
            return Err(format!("{what} has no field `{f}`"));
        }
    }
    Ok(map)
}

/// The string field `key`.
fn string<'a>(map: &'a Map<String, Value>, key: &str) -> Result<&'a str, String> {
    map[key]
        .as_str()
        .ok_or_else(|| format!("`{key}` must be a string, not {}", map[key]))
}

/// Reads the header line.
fn header(text: &str) -> Result<Header, String> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| format!("line 1 must be the header, a JSON object: {e}"))?;
    if let Value::Object(map) = &value {
        if !map.contains_key("format") && map.contains_key("bound") {
            return Err("line 1 must be the header, not a strategy line".into());
        }
    }
    let map = object(&value, &HEADER_FIELDS, "the header (line 1)")?;
    let format = string(map, "format")?;
    if format != FORMAT {
        return Err(format!(
            "unknown format `{format}`: this checker reads `{FORMAT}`"
        ));
    }
    let variant: Variant = string(map, "variant")?
        .parse()
        .map_err(|e: crate::variant::UnknownVariant| e.to_string())?;
    let root_text = string(map, "root")?;
    let root =
        notation::parse(variant, root_text).map_err(|e| format!("root `{root_text}`: {e}"))?;
    let value = map["value"]
        .as_i64()
        .and_then(|v| i32::try_from(v).ok())
        .ok_or_else(|| format!("`value` must be an integer, not {}", map["value"]))?;
    let max_seeds = map["tablebase_max_seeds"]
        .as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| {
            format!(
                "`tablebase_max_seeds` must be a whole number of seeds, not {}",
                map["tablebase_max_seeds"]
            )
        })?;
    Ok(Header {
        variant,
        root: root.without_captured(),
        root_text: root_text.to_owned(),
        value,
        tablebase_max_seeds: max_seeds,
    })
}

/// Reads a strategy line: its bound, its position (without `CAPTURED`) and its move (a string,
/// or a number for a pit).
fn line(header: &Header, text: &str) -> Result<(Bound, Pos, Move), String> {
    if text.trim().is_empty() {
        return Err("an empty line: every line after the header is a strategy line".into());
    }
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not a JSON object: {e}"))?;
    if let Value::Object(map) = &value {
        if map.contains_key("format") {
            return Err("a second header: the header is line 1 only".into());
        }
    }
    let map = object(&value, &LINE_FIELDS, "a strategy line")?;
    let bound = match string(map, "bound")? {
        "lower" => Bound::Lower,
        "upper" => Bound::Upper,
        other => return Err(format!("`bound` `{other}`: expected `lower` or `upper`")),
    };
    let text = string(map, "position")?;
    if notation::has_captured(text) {
        return Err(format!(
            "position `{text}`: a strategy line's position has no CAPTURED field"
        ));
    }
    let pos =
        notation::parse(header.variant, text).map_err(|e| format!("position `{text}`: {e}"))?;
    let mv = match &map["move"] {
        Value::String(s) => s.parse::<Move>().map_err(|e| e.to_string())?,
        Value::Number(n) => n
            .as_u64()
            .map(|k| Move::Pit(u8::try_from(k).unwrap_or(u8::MAX)))
            .ok_or_else(|| format!("move {n}: expected a pit number or `pass`"))?,
        other => {
            return Err(format!(
                "`move` must be a string or a pit number, not {other}"
            ))
        }
    };
    Ok((bound, pos, mv))
}
