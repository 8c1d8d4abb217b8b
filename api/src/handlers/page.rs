//! The player web page (issues 6 and 15): one HTML page, its style sheet and its JavaScript
//! modules (the page, the sowing animation, the game review, play mode), embedded in the binary with `include_str!` so that the server needs no files at run time.
//! The page talks only to the JSON API of the same server; it never re-implements the rules.

use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::HttpResponse;

/// The page.
const INDEX_HTML: &str = include_str!("../../static/index.html");
/// Its style sheet.
const STYLE_CSS: &str = include_str!("../../static/style.css");
/// Its script (an ES module).
const APP_JS: &str = include_str!("../../static/app.js");
/// The sowing animation, imported by the script.
const SOWING_JS: &str = include_str!("../../static/sowing.js");
/// The game review, imported by the script.
const REVIEW_JS: &str = include_str!("../../static/review.js");
/// Play mode, imported by the script.
const PLAY_JS: &str = include_str!("../../static/play.js");

/// A static file of the page, always revalidated so that a new server's page is never stale.
fn asset(mime: &'static str, body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, mime))
        .insert_header((CACHE_CONTROL, "no-cache"))
        .body(body)
}

/// `GET /`: the page.
pub(crate) async fn index() -> HttpResponse {
    asset("text/html; charset=utf-8", INDEX_HTML)
}

/// `GET /static/style.css`.
pub(crate) async fn style() -> HttpResponse {
    asset("text/css; charset=utf-8", STYLE_CSS)
}

/// `GET /static/app.js`.
pub(crate) async fn script() -> HttpResponse {
    asset("text/javascript; charset=utf-8", APP_JS)
}

/// `GET /static/sowing.js`.
pub(crate) async fn sowing_script() -> HttpResponse {
    asset("text/javascript; charset=utf-8", SOWING_JS)
}

/// `GET /static/review.js`.
pub(crate) async fn review_script() -> HttpResponse {
    asset("text/javascript; charset=utf-8", REVIEW_JS)
}

/// `GET /static/play.js`.
pub(crate) async fn play_script() -> HttpResponse {
    asset("text/javascript; charset=utf-8", PLAY_JS)
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

    #[test]
    fn index_is_html() {
        let (status, mime, body) = run(index());
        assert_eq!(status, 200);
        assert!(mime.starts_with("text/html"), "{mime}");
        assert!(body.contains("<!DOCTYPE html>"));
        assert!(body.contains("/static/app.js"));
    }

    #[test]
    fn assets_have_their_types() {
        let (status, mime, body) = run(style());
        assert_eq!(status, 200);
        assert!(mime.starts_with("text/css"), "{mime}");
        assert_eq!(body, STYLE_CSS);
        let (status, mime, body) = run(script());
        assert_eq!(status, 200);
        assert!(mime.starts_with("text/javascript"), "{mime}");
        assert_eq!(body, APP_JS);
        for (handler, text) in [
            (run(sowing_script()), SOWING_JS),
            (run(review_script()), REVIEW_JS),
            (run(play_script()), PLAY_JS),
        ] {
            let (status, mime, body) = handler;
            assert_eq!(status, 200);
            assert!(mime.starts_with("text/javascript"), "{mime}");
            assert_eq!(body, text);
        }
        // Every module the script imports is one of these.
        for module in ["./sowing.js", "./review.js", "./play.js"] {
            assert!(APP_JS.contains(&format!("from '{module}'")), "{module}");
        }
    }

    #[test]
    fn no_external_resources() {
        for text in [INDEX_HTML, STYLE_CSS, APP_JS, SOWING_JS, REVIEW_JS, PLAY_JS] {
            assert!(!text.contains("http://") && !text.contains("https://"));
        }
    }
}
