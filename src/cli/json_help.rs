//! The `--json` part of a command's help: which schema of the API's OpenAPI document its output
//! is, and an outline of that schema generated from the schema itself
//! ([`mancala_wire::schema::schemas`]), so that the help says what is printed without a second
//! description to keep in step.

use serde_json::{Map, Value};

/// Widest line of an outline.
const WIDTH: usize = 100;

/// The help's paragraph for a command whose `--json` prints the schema `name`; `route` says
/// which answer of the API it is, if one is.
pub fn json_help(name: &str, route: Option<&str>) -> String {
    let answer = match route {
        Some(route) => format!(" (the same JSON as {route} answers)"),
        None => " (no route answers it; the document describes it all the same)".to_owned(),
    };
    format!(
        "JSON (--json): one line, of the schema `{name}`{answer}. Every field is described in \
         the API's OpenAPI document, under components.schemas (GET /api/openapi.json of \
         `mancala serve`); in outline (`?`: present only where it applies; `|`: one of):\n{}",
        outline(name)
    )
}

/// `name` and every object schema it refers to, one line each, each named once: `Name
/// {field: type, ...}`.
pub fn outline(name: &str) -> String {
    let schemas = mancala_wire::schema::schemas();
    let mut queue = vec![name.to_owned()];
    let mut lines = Vec::new();
    let mut i = 0;
    while i < queue.len() {
        let current = queue[i].clone();
        i += 1;
        let Some(schema) = schemas.get(&current) else {
            continue;
        };
        let mut refs = Vec::new();
        let text = shape(schema, &schemas, &mut refs);
        lines.push(wrap(&format!("  {current} {text}")));
        for r in refs {
            if !queue.contains(&r) {
                queue.push(r);
            }
        }
    }
    lines.join("\n")
}

/// A schema's shape in one line; the object schemas it refers to by name go to `refs`.
fn shape(s: &Value, schemas: &Map<String, Value>, refs: &mut Vec<String>) -> String {
    if let Some(name) = s
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix("#/components/schemas/"))
    {
        let target = &schemas[name];
        return match target.get("enum").and_then(Value::as_array) {
            Some(values) if values.len() <= 4 => words(values),
            Some(_) => name.to_owned(),
            None => {
                refs.push(name.to_owned());
                name.to_owned()
            }
        };
    }
    if let Some(values) = s.get("enum").and_then(Value::as_array) {
        return words(values);
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(Value::Array(branches)) = s.get(key) {
            let mut alternatives: Vec<String> =
                branches.iter().map(|b| shape(b, schemas, refs)).collect();
            // What may be null: the value first.
            if let Some(i) = alternatives.iter().position(|a| a == "null") {
                let null = alternatives.remove(i);
                alternatives.push(null);
            }
            return alternatives.join(" | ");
        }
    }
    let mut fields = Vec::new();
    object_fields(s, schemas, refs, &mut fields);
    if !fields.is_empty() {
        return format!("{{{}}}", fields.join(", "));
    }
    match s.get("type") {
        Some(Value::String(t)) if t == "array" => match s.get("items") {
            Some(items) => format!("[{}]", shape(items, schemas, refs)),
            None => "array".into(),
        },
        Some(Value::String(t)) => t.clone(),
        Some(Value::Array(types)) => {
            let types: Vec<&str> = types.iter().filter_map(Value::as_str).collect();
            types.join(" | ")
        }
        _ => "any".into(),
    }
}

/// The fields of an object schema (and of its `allOf` parts), `name: type` each, `name?` for
/// those not always present.
fn object_fields(
    s: &Value,
    schemas: &Map<String, Value>,
    refs: &mut Vec<String>,
    fields: &mut Vec<String>,
) {
    if let Some(Value::Array(parts)) = s.get("allOf") {
        for part in parts {
            match part
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/components/schemas/"))
            {
                Some(name) => object_fields(&schemas[name], schemas, refs, fields),
                None => object_fields(part, schemas, refs, fields),
            }
        }
    }
    let Some(Value::Object(properties)) = s.get("properties") else {
        return;
    };
    let required: Vec<&str> = s
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    for (key, property) in properties {
        let optional = if required.contains(&key.as_str()) {
            ""
        } else {
            "?"
        };
        fields.push(format!(
            "{key}{optional}: {}",
            shape(property, schemas, refs)
        ));
    }
}

/// Enumerated values as `a|b|c`.
fn words(values: &[Value]) -> String {
    let words: Vec<String> = values
        .iter()
        .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
        .collect();
    words.join("|")
}

/// A line of at most [`WIDTH`] columns, broken after commas, continued four columns in.
fn wrap(line: &str) -> String {
    let mut out = String::new();
    let mut current = String::new();
    for piece in line.split_inclusive(", ") {
        if !current.is_empty() && current.len() + piece.trim_end().len() > WIDTH {
            out.push_str(current.trim_end());
            out.push('\n');
            current = "    ".into();
        }
        current.push_str(piece);
    }
    out.push_str(&current);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outline_names_every_field_and_the_schemas_it_uses() {
        let text = outline("Evaluation");
        assert!(text.starts_with("  Evaluation {"), "{text}");
        for field in [
            "variant: VariantId",
            "side: S|N",
            "game_over: Totals | null",
            "search?: Search",
        ] {
            assert!(text.contains(field), "{field}: {text}");
        }
        for used in [
            "MoveEval {",
            "Value {",
            "Totals {",
            "Search {",
            "SowingStep {",
        ] {
            assert!(text.contains(used), "{used}: {text}");
        }
        assert!(text.lines().all(|l| l.len() <= WIDTH), "{text}");
    }
}
