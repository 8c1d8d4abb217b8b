//! Checking JSON against the schemas of the OpenAPI document (`components.schemas`), written
//! here rather than taken from a JSON Schema crate so that it also records what the examples
//! covered: every schema reached and every property seen.
//!
//! What it checks of a value against a schema: its JSON type (`string`, `integer`, `number`,
//! `boolean`, `array`, `object`, `null`, or a list of them); `enum`; `minimum`, `maximum` and
//! `maxItems`; every property the value has is in the schema's `properties` (or an `allOf`
//! branch's) with a value that matches, unless `additionalProperties` allows it; every
//! `required` property is present; a property that is `null` is `required` (serde leaves out
//! the fields it skips rather than writing null, so a field written as null is always there);
//! `items`; `$ref`; `allOf` (all), `anyOf` (at least one), `oneOf` (exactly one).

use std::collections::BTreeSet;

use serde_json::{Map, Value};

/// A place in the schemas: a schema's name and the JSON pointer of a part of it.
type Place = String;

/// The schemas, and what the checked examples covered of them.
pub struct Schemas {
    /// `components.schemas`.
    schemas: Map<String, Value>,
    /// The schemas that some example reached.
    reached: BTreeSet<String>,
    /// `(place of an object schema, property)` for each property some example had.
    seen: BTreeSet<(Place, String)>,
}

/// What one successful match covered.
#[derive(Default)]
struct Covered {
    reached: BTreeSet<String>,
    seen: BTreeSet<(Place, String)>,
}

impl Covered {
    fn add(&mut self, other: Covered) {
        self.reached.extend(other.reached);
        self.seen.extend(other.seen);
    }
}

impl Schemas {
    /// The schemas of an OpenAPI document.
    pub fn of_document(doc: &Value) -> Schemas {
        let schemas = doc["components"]["schemas"]
            .as_object()
            .expect("components.schemas")
            .clone();
        Schemas {
            schemas,
            reached: BTreeSet::new(),
            seen: BTreeSet::new(),
        }
    }

    /// Checks `value` against the schema `name`; on success, records what it covered.
    pub fn check(&mut self, name: &str, value: &Value) -> Result<(), String> {
        let covered = self.matches(value, &reference(name), name, "")?;
        self.reached.extend(covered.reached);
        self.seen.extend(covered.seen);
        Ok(())
    }

    /// Panics with the mismatch unless `value` is a `name`.
    pub fn assert(&mut self, name: &str, value: &Value) {
        if let Err(e) = self.check(name, value) {
            panic!("not a {name}: {e}\n{value}");
        }
    }

    /// The schemas no example reached.
    pub fn unreached(&self) -> Vec<String> {
        self.schemas
            .keys()
            .filter(|n| !self.reached.contains(*n))
            .cloned()
            .collect()
    }

    /// `place.property` for every property of every schema that no example had.
    pub fn unseen(&self) -> Vec<String> {
        let mut all = BTreeSet::new();
        for (name, schema) in &self.schemas {
            properties(schema, name, &mut all);
        }
        all.into_iter()
            .filter(|p| !self.seen.contains(p))
            .map(|(place, property)| format!("{place}.{property}"))
            .collect()
    }

    /// Whether `v` matches `s`, found at `place` (`NAME` + pointer); `path` is where `v` is in
    /// the example, for messages.
    fn matches(&self, v: &Value, s: &Value, place: &str, path: &str) -> Result<Covered, String> {
        let at = |what: String| format!("{}: {what}", if path.is_empty() { "." } else { path });
        let s = s
            .as_object()
            .ok_or_else(|| at(format!("schema at {place} is not an object")))?;
        let mut covered = Covered::default();
        if let Some(r) = s.get("$ref") {
            let name = r
                .as_str()
                .and_then(|r| r.strip_prefix("#/components/schemas/"))
                .ok_or_else(|| at(format!("bad $ref {r}")))?;
            let target = self
                .schemas
                .get(name)
                .ok_or_else(|| at(format!("$ref to a missing schema {name}")))?;
            covered.add(self.matches(v, target, name, path)?);
            covered.reached.insert(name.to_owned());
        }
        if let Some(types) = s.get("type") {
            let types: Vec<&str> = match types {
                Value::String(t) => vec![t.as_str()],
                Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
                _ => return Err(at(format!("bad type {types} at {place}"))),
            };
            if !types.iter().any(|t| is_of_type(v, t)) {
                return Err(at(format!("{v} is not of type {types:?} ({place})")));
            }
        }
        if let Some(Value::Array(values)) = s.get("enum") {
            if !values.contains(v) {
                return Err(at(format!("{v} is not one of {values:?} ({place})")));
            }
        }
        if let (Some(min), Some(x)) = (s.get("minimum").and_then(Value::as_f64), v.as_f64()) {
            if x < min {
                return Err(at(format!("{x} is below the minimum {min} ({place})")));
            }
        }
        if let (Some(max), Some(x)) = (s.get("maximum").and_then(Value::as_f64), v.as_f64()) {
            if x > max {
                return Err(at(format!("{x} is above the maximum {max} ({place})")));
            }
        }
        if let (Some(max), Some(items)) = (s.get("maxItems").and_then(Value::as_u64), v.as_array())
        {
            if items.len() as u64 > max {
                return Err(at(format!(
                    "{} items, at most {max} ({place})",
                    items.len()
                )));
            }
        }
        if let (Some(items_schema), Some(items)) = (s.get("items"), v.as_array()) {
            for (i, item) in items.iter().enumerate() {
                let inner = format!("{place}/items");
                covered.add(self.matches(item, items_schema, &inner, &format!("{path}[{i}]"))?);
            }
        }
        // Properties, required, and keys that no schema declares.
        if let Some(object) = v.as_object() {
            if s.contains_key("properties") || s.contains_key("required") {
                covered.add(self.object(object, s, place, path)?);
            }
            let open = match s.get("additionalProperties") {
                None | Some(Value::Bool(false)) => None,
                Some(extra) => Some(extra),
            };
            // The keys that this schema and its allOf branches declare: an example may have no
            // other (a oneOf or anyOf branch is checked whole, on its own).
            if s.contains_key("properties") || s.contains_key("allOf") {
                let declared = self.declared(s);
                for (key, x) in object {
                    if declared.contains(key) {
                        continue;
                    }
                    match open {
                        Some(Value::Bool(true)) => {}
                        Some(extra) if extra.is_object() => {
                            let inner = format!("{place}/additionalProperties");
                            covered.add(self.matches(x, extra, &inner, &format!("{path}.{key}"))?)
                        }
                        _ => {
                            return Err(at(format!(
                                "`{key}` is not a property of the schema ({place}): it has {declared:?}"
                            )))
                        }
                    }
                }
            }
        }
        if let Some(Value::Array(branches)) = s.get("allOf") {
            for (i, b) in branches.iter().enumerate() {
                let inner = format!("{place}/allOf/{i}");
                covered.add(self.matches_part(v, b, &inner, path)?);
            }
        }
        if let Some(Value::Array(branches)) = s.get("anyOf") {
            let ok: Vec<Covered> = branches
                .iter()
                .enumerate()
                .filter_map(|(i, b)| self.matches(v, b, &format!("{place}/anyOf/{i}"), path).ok())
                .collect();
            if ok.is_empty() {
                return Err(at(format!("{v} matches no branch of anyOf ({place})")));
            }
            ok.into_iter().for_each(|c| covered.add(c));
        }
        if let Some(Value::Array(branches)) = s.get("oneOf") {
            let mut ok = Vec::new();
            let mut why = Vec::new();
            for (i, b) in branches.iter().enumerate() {
                match self.matches(v, b, &format!("{place}/oneOf/{i}"), path) {
                    Ok(c) => ok.push(c),
                    Err(e) => why.push(e),
                }
            }
            match ok.len() {
                1 => covered.add(ok.pop().unwrap_or_default()),
                0 => {
                    return Err(at(format!(
                        "{v} matches no branch of oneOf ({place}): {why:?}"
                    )))
                }
                n => return Err(at(format!("{v} matches {n} branches of oneOf ({place})"))),
            }
        }
        Ok(covered)
    }

    /// An `allOf` branch: as [`Schemas::matches`], except that keys it does not declare are
    /// left to the whole (another branch may declare them).
    fn matches_part(
        &self,
        v: &Value,
        s: &Value,
        place: &str,
        path: &str,
    ) -> Result<Covered, String> {
        match (v.as_object(), s.get("$ref")) {
            (Some(object), None) if s.get("properties").is_some() => {
                let s = s.as_object().ok_or("schema is not an object")?;
                let mut only: Map<String, Value> = Map::new();
                for (k, x) in object {
                    if s["properties"].get(k).is_some() {
                        only.insert(k.clone(), x.clone());
                    }
                }
                self.matches(&Value::Object(only), &Value::Object(s.clone()), place, path)
            }
            (Some(object), Some(r)) => {
                let name = r
                    .as_str()
                    .and_then(|r| r.strip_prefix("#/components/schemas/"))
                    .ok_or("bad $ref")?;
                let target = self.schemas.get(name).ok_or("$ref to a missing schema")?;
                let declared = self.declared(target.as_object().ok_or("schema is not an object")?);
                let only: Map<String, Value> = object
                    .iter()
                    .filter(|(k, _)| declared.contains(*k))
                    .map(|(k, x)| (k.clone(), x.clone()))
                    .collect();
                let mut covered = self.matches(&Value::Object(only), target, name, path)?;
                covered.reached.insert(name.to_owned());
                Ok(covered)
            }
            _ => self.matches(v, s, place, path),
        }
    }

    /// The properties and the required keys of an object schema at `place`.
    fn object(
        &self,
        object: &Map<String, Value>,
        s: &Map<String, Value>,
        place: &str,
        path: &str,
    ) -> Result<Covered, String> {
        let at = |what: String| format!("{}: {what}", if path.is_empty() { "." } else { path });
        let mut covered = Covered::default();
        let required: Vec<&str> = s
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for key in &required {
            if !object.contains_key(*key) {
                return Err(at(format!("the required `{key}` is missing ({place})")));
            }
        }
        if let Some(Value::Object(properties)) = s.get("properties") {
            for (key, schema) in properties {
                let Some(x) = object.get(key) else { continue };
                if x.is_null() && !required.contains(&key.as_str()) {
                    return Err(at(format!(
                        "`{key}` is null, so always written, but not required ({place})"
                    )));
                }
                let inner = format!("{place}/properties/{key}");
                covered.add(self.matches(x, schema, &inner, &format!("{path}.{key}"))?);
                covered.seen.insert((place.to_owned(), key.clone()));
            }
        }
        Ok(covered)
    }

    /// The keys that a schema declares: its properties and those of its `allOf` branches,
    /// through references.
    fn declared(&self, s: &Map<String, Value>) -> BTreeSet<String> {
        let mut keys = BTreeSet::new();
        if let Some(name) = s
            .get("$ref")
            .and_then(Value::as_str)
            .and_then(|r| r.strip_prefix("#/components/schemas/"))
        {
            if let Some(Value::Object(target)) = self.schemas.get(name) {
                keys.extend(self.declared(target));
            }
        }
        if let Some(Value::Object(properties)) = s.get("properties") {
            keys.extend(properties.keys().cloned());
        }
        if let Some(Value::Array(branches)) = s.get("allOf") {
            for b in branches.iter().filter_map(Value::as_object) {
                keys.extend(self.declared(b));
            }
        }
        keys
    }
}

/// A schema that is a reference to `name`.
fn reference(name: &str) -> Value {
    serde_json::json!({ "$ref": format!("#/components/schemas/{name}") })
}

/// Whether `v` is of the JSON Schema type `t`.
fn is_of_type(v: &Value, t: &str) -> bool {
    match t {
        "string" => v.is_string(),
        "integer" => v.is_i64() || v.is_u64(),
        "number" => v.is_number(),
        "boolean" => v.is_boolean(),
        "array" => v.is_array(),
        "object" => v.is_object(),
        "null" => v.is_null(),
        _ => false,
    }
}

/// `(place, property)` of every property of `s` and of the schemas inside it (not through
/// references), `s` being at `place`.
fn properties(s: &Value, place: &str, out: &mut BTreeSet<(Place, String)>) {
    let Some(s) = s.as_object() else { return };
    if let Some(Value::Object(declared)) = s.get("properties") {
        for (key, inner) in declared {
            out.insert((place.to_owned(), key.clone()));
            properties(inner, &format!("{place}/properties/{key}"), out);
        }
    }
    for key in ["items", "additionalProperties"] {
        if let Some(inner) = s.get(key) {
            properties(inner, &format!("{place}/{key}"), out);
        }
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        if let Some(Value::Array(branches)) = s.get(key) {
            for (i, b) in branches.iter().enumerate() {
                properties(b, &format!("{place}/{key}/{i}"), out);
            }
        }
    }
}
