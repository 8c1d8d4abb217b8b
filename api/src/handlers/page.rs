//! The player web page (issues 6, 15 and 33): one HTML page, its style sheet, its JavaScript
//! modules (the page, the sowing animation, the game review, play mode, the player's puzzles,
//! the translations) and the words of each language it speaks, embedded in the binary with
//! `include_str!` so that the server needs no files at run time.
//! The page talks only to the JSON API of the same server; it never re-implements the rules.
//!
//! For work on the page, `MANCALA_PAGE_DIR=api/static mancala serve` reads these same files
//! from that folder at each request instead, so that an edit shows on reload without a rebuild.

use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::{web, HttpResponse};

use crate::error::ApiError;

/// A file of the page: its name under `/static/`, its type and its text.
struct PageFile {
    name: &'static str,
    mime: &'static str,
    text: &'static str,
}

/// The page itself, served at `/`.
const INDEX: PageFile = PageFile {
    name: "index.html",
    mime: "text/html; charset=utf-8",
    text: include_str!("../../static/index.html"),
};

const JS: &str = "text/javascript; charset=utf-8";
const JSON: &str = "application/json; charset=utf-8";

/// Every file under `/static/`: the style sheet, the script and the modules it imports, and
/// one dictionary a language (`lang-CODE.json`, read by i18n.js).
const FILES: &[PageFile] = &[
    PageFile {
        name: "style.css",
        mime: "text/css; charset=utf-8",
        text: include_str!("../../static/style.css"),
    },
    PageFile {
        name: "app.js",
        mime: JS,
        text: include_str!("../../static/app.js"),
    },
    PageFile {
        name: "page.js",
        mime: JS,
        text: include_str!("../../static/page.js"),
    },
    PageFile {
        name: "board.js",
        mime: JS,
        text: include_str!("../../static/board.js"),
    },
    PageFile {
        name: "explore.js",
        mime: JS,
        text: include_str!("../../static/explore.js"),
    },
    PageFile {
        name: "puzzles.js",
        mime: JS,
        text: include_str!("../../static/puzzles.js"),
    },
    PageFile {
        name: "sowing.js",
        mime: JS,
        text: include_str!("../../static/sowing.js"),
    },
    PageFile {
        name: "review.js",
        mime: JS,
        text: include_str!("../../static/review.js"),
    },
    PageFile {
        name: "play.js",
        mime: JS,
        text: include_str!("../../static/play.js"),
    },
    PageFile {
        name: "match.js",
        mime: JS,
        text: include_str!("../../static/match.js"),
    },
    PageFile {
        name: "mine.js",
        mime: JS,
        text: include_str!("../../static/mine.js"),
    },
    PageFile {
        name: "i18n.js",
        mime: JS,
        text: include_str!("../../static/i18n.js"),
    },
    PageFile {
        name: "lang-en.json",
        mime: JSON,
        text: include_str!("../../static/lang-en.json"),
    },
    PageFile {
        name: "lang-ar.json",
        mime: JSON,
        text: include_str!("../../static/lang-ar.json"),
    },
    PageFile {
        name: "lang-sw.json",
        mime: JSON,
        text: include_str!("../../static/lang-sw.json"),
    },
    PageFile {
        name: "lang-so.json",
        mime: JSON,
        text: include_str!("../../static/lang-so.json"),
    },
    PageFile {
        name: "lang-am.json",
        mime: JSON,
        text: include_str!("../../static/lang-am.json"),
    },
];

/// A file of the page, always revalidated so that a new server's page is never stale; read
/// from `MANCALA_PAGE_DIR` when that is set (work on the page), else the embedded text.
fn asset(file: &PageFile) -> HttpResponse {
    let from_disk = std::env::var_os("MANCALA_PAGE_DIR")
        .and_then(|dir| std::fs::read_to_string(std::path::Path::new(&dir).join(file.name)).ok());
    let mut res = HttpResponse::Ok();
    res.insert_header((CONTENT_TYPE, file.mime))
        .insert_header((CACHE_CONTROL, "no-cache"));
    match from_disk {
        Some(text) => res.body(text),
        None => res.body(file.text),
    }
}

/// `GET /`: the page.
pub(crate) async fn index() -> HttpResponse {
    asset(&INDEX)
}

/// `GET /static/{file}`: a file of the page; any other name is a 404.
pub(crate) async fn file(name: web::Path<String>) -> Result<HttpResponse, ApiError> {
    FILES
        .iter()
        .find(|f| f.name == name.as_str())
        .map(asset)
        .ok_or_else(|| ApiError::NoRoute {
            path: format!("/static/{name}"),
        })
}

#[cfg(test)]
mod tests {
    use actix_web::body::MessageBody;

    use super::*;

    /// Status, `Content-Type` and body of a handler's answer.
    fn answer(res: HttpResponse) -> (u16, String, String) {
        let status = res.status().as_u16();
        let mime = res
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let body = res.into_body().try_into_bytes().unwrap_or_default();
        (status, mime, String::from_utf8_lossy(&body).into_owned())
    }

    fn run(f: impl std::future::Future<Output = HttpResponse>) -> (u16, String, String) {
        answer(actix_web::rt::System::new().block_on(f))
    }

    fn get(name: &str) -> (u16, String, String) {
        let name = web::Path::from(name.to_owned());
        answer(
            actix_web::rt::System::new()
                .block_on(file(name))
                .unwrap_or_else(|e| actix_web::ResponseError::error_response(&e)),
        )
    }

    #[test]
    fn index_is_html() {
        let (status, mime, body) = run(index());
        assert_eq!(status, 200);
        assert!(mime.starts_with("text/html"), "{mime}");
        assert!(body.contains("<!DOCTYPE html>"));
        assert!(body.contains("/static/app.js"));
    }

    #[test]
    fn files_have_their_types() {
        for f in FILES {
            let (status, mime, body) = get(f.name);
            assert_eq!(status, 200, "{}", f.name);
            assert_eq!(mime, f.mime, "{}", f.name);
            assert_eq!(body, f.text, "{}", f.name);
            let ext = f.name.rsplit('.').next().unwrap_or_default();
            let expected = match ext {
                "css" => "text/css",
                "js" => "text/javascript",
                "json" => "application/json",
                other => panic!("a page file of an unexpected kind: {other}"),
            };
            assert!(mime.starts_with(expected), "{}: {mime}", f.name);
        }
        // Every module a script imports is one of these, and every script but app.js (the
        // page's) is imported by one.
        let scripts: Vec<&PageFile> = FILES.iter().filter(|f| f.name.ends_with(".js")).collect();
        for script in &scripts {
            for (i, from) in script.text.match_indices(" from './") {
                let rest = &script.text[i + from.len()..];
                let module = &rest[..rest.find('\'').expect("a quoted module name")];
                assert!(
                    scripts.iter().any(|f| f.name == module),
                    "{} imports {module}, which the page does not serve",
                    script.name
                );
            }
            let imported = scripts
                .iter()
                .any(|f| f.text.contains(&format!(" from './{}'", script.name)));
            assert!(
                script.name == "app.js" || imported,
                "{} is served but no script imports it",
                script.name
            );
        }
    }

    #[test]
    fn other_names_are_not_found() {
        for name in ["nothing.js", "../Cargo.toml", "index.html", "lang-xx.json"] {
            let (status, mime, body) = get(name);
            assert_eq!(status, 404, "{name}");
            assert!(mime.starts_with("application/json"), "{mime}");
            assert!(body.contains("no such resource"), "{body}");
        }
    }

    #[test]
    fn no_external_resources() {
        for text in FILES.iter().chain([&INDEX]).map(|f| f.text) {
            assert!(!text.contains("http://") && !text.contains("https://"));
        }
    }

    /// The plural forms a language's texts that depend on a count must give: CLDR's plural
    /// categories for cardinal numbers, as `Intl.PluralRules` chooses them in the page.
    fn plural_forms(code: &str) -> &'static [&'static str] {
        match code {
            "ar" => &["zero", "one", "two", "few", "many", "other"],
            _ => &["one", "other"],
        }
    }

    /// The `{name}` placeholders of a text.
    fn placeholders(text: &str) -> std::collections::BTreeSet<String> {
        text.split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}'))
            .map(|(name, _)| name.to_owned())
            .filter(|name| name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .collect()
    }

    /// The markup tags of a text (`<kbd>`, `<a href="…">`), in order.
    fn tags(text: &str) -> Vec<String> {
        text.split('<')
            .skip(1)
            .filter_map(|rest| rest.split_once('>'))
            .map(|(tag, _)| tag.to_owned())
            .collect()
    }

    /// Every language has every key of English's dictionary and no other; each text has the
    /// placeholders and markup of English's (a plural form may leave out the count `{n}`, as
    /// Arabic's "zero" and "two" forms do); a text that depends on a count gives every plural
    /// form of its language; and no text is empty.
    #[test]
    fn languages_have_every_key() {
        let dictionary = |code: &str| -> serde_json::Map<String, serde_json::Value> {
            let name = format!("lang-{code}.json");
            let file = FILES
                .iter()
                .find(|f| f.name == name)
                .expect("a dictionary a language");
            serde_json::from_str(file.text).unwrap_or_else(|e| panic!("{name}: {e}"))
        };
        let english = dictionary("en");
        assert!(english.len() > 200, "{}", english.len());
        for code in ["en", "ar", "sw", "so", "am"] {
            let words = dictionary(code);
            let missing: Vec<_> = english.keys().filter(|k| !words.contains_key(*k)).collect();
            let extra: Vec<_> = words.keys().filter(|k| !english.contains_key(*k)).collect();
            assert!(missing.is_empty(), "{code} lacks {missing:?}");
            assert!(
                extra.is_empty(),
                "{code} has keys English has not: {extra:?}"
            );
            for (key, text) in &words {
                let reference = &english[key];
                let english_text = match reference {
                    serde_json::Value::String(t) => t.clone(),
                    serde_json::Value::Object(forms) => {
                        forms["other"].as_str().unwrap_or_default().to_owned()
                    }
                    other => panic!("en {key}: {other}"),
                };
                let wanted = placeholders(&english_text);
                let forms: Vec<(&str, &str)> = match (reference, text) {
                    (serde_json::Value::String(_), serde_json::Value::String(t)) => {
                        vec![("", t.as_str())]
                    }
                    (serde_json::Value::Object(_), serde_json::Value::Object(forms)) => {
                        let wanted_forms = if code == "en" {
                            &["one", "other"][..]
                        } else {
                            plural_forms(code)
                        };
                        for form in wanted_forms {
                            assert!(
                                forms.contains_key(*form),
                                "{code} {key}: no plural form {form}"
                            );
                        }
                        forms
                            .iter()
                            .map(|(f, t)| (f.as_str(), t.as_str().unwrap_or_default()))
                            .collect()
                    }
                    _ => panic!("{code} {key}: not the same kind of text as English's"),
                };
                for (form, t) in forms {
                    assert!(!t.trim().is_empty(), "{code} {key} {form}: empty");
                    let mut got = placeholders(t);
                    if !form.is_empty() && !got.contains("n") {
                        got.insert("n".to_owned());
                    }
                    assert_eq!(got, wanted, "{code} {key} {form}: placeholders");
                    assert_eq!(tags(t), tags(&english_text), "{code} {key} {form}: markup");
                }
            }
        }
    }
}
