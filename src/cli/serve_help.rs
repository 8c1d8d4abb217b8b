//! The text after the options in `mancala serve --help`: every route of the API, made from the
//! API's route table and its OpenAPI document so that the list is always the one served, then
//! the errors and examples.

use mancala_api::routes::{Route, ROUTES};
use serde_json::Value as Json;

use super::text::wrap;

/// Width of the endpoint list in `mancala serve --help`.
const HELP_WIDTH: usize = 98;

/// Indent of an endpoint's description under its path, as clap indents an option's help.
const DESCRIPTION_INDENT: &str = "          ";

/// The text after the options in `mancala serve --help`: every route of the API (from
/// [`ROUTES`], each described by its OpenAPI operation, so that the list is
/// always the served one), the errors and examples.
pub fn after_help() -> String {
    let mut routes: Vec<(&Route, Json)> = ROUTES
        .iter()
        .filter_map(|r| Some((r, (r.operation?)())))
        .collect();
    routes.sort_by(|(a, _), (b, _)| (a.path, a.method.as_str()).cmp(&(b.path, b.method.as_str())));
    let mut text = String::from(
        "Endpoints (a position is a position string, `_` for its spaces; GET /api/openapi.json \
         describes them in full; the player's web page is at /):\n",
    );
    for (route, operation) in &routes {
        text.push_str(&format!(
            "  {:<4} {}\n",
            route.method.as_str(),
            with_query(route.path, operation)
        ));
        let mut lines = wrap(&describe(operation), HELP_WIDTH - DESCRIPTION_INDENT.len());
        lines.extend(example_body(operation));
        for line in lines {
            text.push_str(&format!("{DESCRIPTION_INDENT}{line}\n"));
        }
    }
    text.push_str(
        "
Every legal position is answered: from the tablebase, else by a search within the budget
(`exact` says whether its value is proven or an estimate). Errors are JSON {\"error\": MESSAGE,
\"field\": FIELD}: 400 bad input, 404 unknown variant or route, 413 body too large, 503 every
search slot busy (with Retry-After).

Examples:
  mancala serve
  mancala serve --bind 0.0.0.0:8080 --db big.db
  mancala serve --db big.db --deepen on          # and deepen its tables while idle
  curl 'http://127.0.0.1:8080/api/rio-kadalis?position=0,0,1,0,2,1/1,0,0,3,0,0_S'",
    );
    text
}

/// `/api/{variant}?position=…`: a route's path with its required query parameters.
fn with_query(path: &str, operation: &Json) -> String {
    let required: Vec<String> = query_parameters(operation)
        .filter(|p| p["required"] == true)
        .filter_map(|p| p["name"].as_str())
        .map(|name| format!("{name}=…"))
        .collect();
    if required.is_empty() {
        path.to_owned()
    } else {
        format!("{path}?{}", required.join("&"))
    }
}

/// A route's OpenAPI summary, followed by its optional query parameters if it has any.
fn describe(operation: &Json) -> String {
    let mut text = operation["summary"].as_str().unwrap_or_default().to_owned();
    let optional: Vec<&str> = query_parameters(operation)
        .filter(|p| p["required"] != true)
        .filter_map(|p| p["name"].as_str())
        .collect();
    if !optional.is_empty() {
        text.push_str(&format!(" Optional query: {}.", optional.join(", ")));
    }
    text
}

/// `Body: {...}`: the example body of a route that takes one.
fn example_body(operation: &Json) -> Option<String> {
    let body = &operation["requestBody"]["content"]["application/json"]["example"];
    (!body.is_null()).then(|| format!("Body: {body}"))
}

/// The query parameters of an OpenAPI operation.
fn query_parameters(operation: &Json) -> impl Iterator<Item = &Json> {
    operation["parameters"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["in"] == "query")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_route_is_listed_with_its_summary() {
        let help = after_help();
        for route in ROUTES.iter().filter(|r| r.is_api()) {
            let line = format!("  {:<4} {}", route.method.as_str(), route.path);
            let at = help
                .find(&line)
                .unwrap_or_else(|| panic!("{line} missing from\n{help}"));
            let description = help[at..].lines().nth(1).unwrap_or_default();
            assert!(
                description.starts_with(DESCRIPTION_INDENT) && description.trim().len() > 3,
                "{line}: {description:?}"
            );
        }
        assert!(help.contains("/api/puzzles/next"), "{help}");
        assert!(help.contains("Body: {"), "{help}");
    }
}
