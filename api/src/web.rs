//! The player web page (issue 6): one HTML page, its style sheet and its JavaScript module,
//! embedded in the binary with `include_str!` so that the server needs no files at run time.
//! The page talks only to the JSON API of the same server; it never re-implements the rules.

use actix_web::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use actix_web::{web, HttpResponse};

use crate::routes::only;

/// The page.
pub const INDEX_HTML: &str = include_str!("../static/index.html");
/// Its style sheet.
pub const STYLE_CSS: &str = include_str!("../static/style.css");
/// Its script (an ES module).
pub const APP_JS: &str = include_str!("../static/app.js");

/// Registers `GET /`, `GET /static/style.css` and `GET /static/app.js`.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/")
            .route(web::get().to(index))
            .default_service(only("GET")),
    )
    .service(
        web::resource("/static/style.css")
            .route(web::get().to(style))
            .default_service(only("GET")),
    )
    .service(
        web::resource("/static/app.js")
            .route(web::get().to(script))
            .default_service(only("GET")),
    );
}

fn asset(mime: &'static str, body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, mime))
        .insert_header((CACHE_CONTROL, "no-cache"))
        .body(body)
}

async fn index() -> HttpResponse {
    asset("text/html; charset=utf-8", INDEX_HTML)
}

async fn style() -> HttpResponse {
    asset("text/css; charset=utf-8", STYLE_CSS)
}

async fn script() -> HttpResponse {
    asset("text/javascript; charset=utf-8", APP_JS)
}

#[cfg(test)]
mod tests {
    use actix_web::{test, App};

    use super::*;

    fn get(path: &str) -> (u16, String, String) {
        let path = path.to_owned();
        actix_web::rt::System::new().block_on(async move {
            let app = test::init_service(App::new().configure(configure)).await;
            let res =
                test::call_service(&app, test::TestRequest::get().uri(&path).to_request()).await;
            let status = res.status().as_u16();
            let mime = res
                .headers()
                .get(CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned();
            let body = test::read_body(res).await;
            (status, mime, String::from_utf8_lossy(&body).into_owned())
        })
    }

    #[test]
    fn index_is_html() {
        let (status, mime, body) = get("/");
        assert_eq!(status, 200);
        assert!(mime.starts_with("text/html"), "{mime}");
        assert!(body.contains("<!DOCTYPE html>"));
        assert!(body.contains("/static/app.js"));
    }

    #[test]
    fn assets_have_their_types() {
        let (status, mime, body) = get("/static/style.css");
        assert_eq!(status, 200);
        assert!(mime.starts_with("text/css"), "{mime}");
        assert_eq!(body, STYLE_CSS);
        let (status, mime, body) = get("/static/app.js");
        assert_eq!(status, 200);
        assert!(mime.starts_with("text/javascript"), "{mime}");
        assert_eq!(body, APP_JS);
    }

    #[test]
    fn no_external_resources() {
        for text in [INDEX_HTML, STYLE_CSS, APP_JS] {
            assert!(!text.contains("http://") && !text.contains("https://"));
        }
    }
}
