//! JSON read as a [`serde_json::Value`], refusing an object that names a key twice: a record
//! that gives `rounds` twice is ambiguous, and reading only the last would hide the first.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value as Json};

/// Any JSON value with no key twice in any of its objects.
#[derive(Debug)]
pub struct UniqueKeys(pub Json);

impl<'de> Deserialize<'de> for UniqueKeys {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<UniqueKeys, D::Error> {
        d.deserialize_any(Values).map(UniqueKeys)
    }
}

/// Builds the value, refusing a key given twice.
struct Values;

impl<'de> Visitor<'de> for Values {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Json, E> {
        Ok(Json::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Json, E> {
        Ok(Json::from(n))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Json, E> {
        Ok(Json::from(n))
    }

    fn visit_f64<E>(self, n: f64) -> Result<Json, E> {
        Ok(Json::from(n))
    }

    fn visit_str<E>(self, s: &str) -> Result<Json, E> {
        Ok(Json::String(s.to_owned()))
    }

    fn visit_string<E>(self, s: String) -> Result<Json, E> {
        Ok(Json::String(s))
    }

    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_none<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Json, D::Error> {
        d.deserialize_any(Values)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(UniqueKeys(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut fields = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if fields.contains_key(&key) {
                return Err(de::Error::custom(format!("the key `{key}` is given twice")));
            }
            let UniqueKeys(value) = map.next_value()?;
            fields.insert(key, value);
        }
        Ok(Json::Object(fields))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Json, String> {
        serde_json::from_str::<UniqueKeys>(text)
            .map(|u| u.0)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_value_reads_as_serde_json_reads_it() {
        let text = r#"{"a": [1, -2, 3.5, "x", null, true], "b": {"c": {}}}"#;
        assert_eq!(
            read(text).unwrap(),
            serde_json::from_str::<Json>(text).unwrap()
        );
    }

    #[test]
    fn a_key_given_twice_is_refused_at_any_depth() {
        assert!(read(r#"{"rounds": [], "rounds": []}"#)
            .unwrap_err()
            .contains("the key `rounds` is given twice"));
        assert!(read(r#"{"start": {"open": {"south": 6, "south": 5}}}"#)
            .unwrap_err()
            .contains("the key `south` is given twice"));
        // The same key in two objects is no repeat.
        assert!(read(r#"[{"a": 1}, {"a": 2}]"#).is_ok());
    }
}
