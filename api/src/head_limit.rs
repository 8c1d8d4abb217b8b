//! Request heads over the service's limits, answered in JSON like every other refusal.
//!
//! actix-http answers a request head it will not read with an empty body: a request line over
//! 64 KiB (the longest URI the `http` crate holds) is a bare 400, a head over 128 KiB a bare 431
//! and a reset connection. Those answers are made before any code of ours sees the request, so
//! the limits are enforced a step earlier, on the connection itself: [`HeadLimit`] wraps each
//! accepted stream and holds back every request head until it is whole. A head within
//! [`MAX_REQUEST_LINE`] and [`MAX_HEAD`] goes on to actix unchanged; one over them is replaced
//! by a short request for [`REFUSED_PATH`], which the router answers with a JSON 414 or 431
//! ([`refused`]), and whatever else the client sends on that connection is dropped (the
//! stand-in asks for the connection to be closed).
//!
//! Finding where the next head starts takes the framing of the one before: a body of
//! `Content-Length` bytes is passed through and the next head guarded; after a chunked body
//! (`Transfer-Encoding`), which no route of ours needs, the rest of the connection is passed
//! through unguarded, to actix's own limits.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use actix_web::{web, HttpResponse};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::error::ApiError;
use crate::limits::{MAX_HEAD, MAX_REQUEST_LINE};

/// Where the stand-in of a refused head asks to go: `/{REFUSED_PATH}/414` or `/431`.
pub const REFUSED_PATH: &str = "/.refused-head";

/// Which limit a head broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Over {
    /// The request line is over [`MAX_REQUEST_LINE`]: 414.
    RequestLine,
    /// The head is over [`MAX_HEAD`]: 431.
    Head,
}

/// Headers a request may have: as many as actix-http reads (more is a 431).
const MAX_HEADERS: usize = 96;

/// The limit a head (whole or in part) breaks, if any.
fn over(head: &[u8]) -> Option<Over> {
    let line = head.iter().position(|&b| b == b'\n');
    if line.unwrap_or(head.len()) > MAX_REQUEST_LINE {
        Some(Over::RequestLine)
    } else if head.len() > MAX_HEAD {
        Some(Over::Head)
    } else {
        None
    }
}

/// Where the stream is in the requests it carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Gathering a request head, held back until it is whole.
    Head,
    /// Passing on a body with this many bytes still to come.
    Body(u64),
    /// Passing on everything, unguarded (after a chunked body).
    Through,
    /// A head was refused: its stand-in is handed on, everything after it dropped.
    Refused,
}

/// A client connection whose request heads are held to [`MAX_REQUEST_LINE`] and [`MAX_HEAD`]
/// (see the module documentation). Writes go straight through.
pub struct HeadLimit<T> {
    io: T,
    state: State,
    /// The head being gathered.
    head: Vec<u8>,
    /// Whether its request line has ended.
    line_done: bool,
    /// Bytes ready for actix, from `sent` on.
    ready: Vec<u8>,
    sent: usize,
}

impl<T> HeadLimit<T> {
    /// Guards the connection `io`.
    pub fn new(io: T) -> HeadLimit<T> {
        HeadLimit {
            io,
            state: State::Head,
            head: Vec::new(),
            line_done: false,
            ready: Vec::new(),
            sent: 0,
        }
    }

    /// Takes in bytes read from the client.
    fn take_in(&mut self, mut data: &[u8]) {
        while !data.is_empty() {
            match self.state {
                State::Through => {
                    self.ready.extend_from_slice(data);
                    return;
                }
                State::Refused => return,
                State::Body(left) => {
                    let n = data.len().min(usize::try_from(left).unwrap_or(usize::MAX));
                    self.ready.extend_from_slice(&data[..n]);
                    data = &data[n..];
                    self.state = match left - n as u64 {
                        0 => State::Head,
                        left => State::Body(left),
                    };
                }
                State::Head => {
                    // A head is read again only when a line of it ends (or it begins), so
                    // that one sent a byte at a time costs no more than its lines: between
                    // those, only its length can break a limit.
                    let again = self.head.is_empty() || data.contains(&b'\n');
                    self.head.extend_from_slice(data);
                    if !again {
                        let over = match self.line_done {
                            false => {
                                (self.head.len() > MAX_REQUEST_LINE).then_some(Over::RequestLine)
                            }
                            true => (self.head.len() > MAX_HEAD).then_some(Over::Head),
                        };
                        if let Some(over) = over {
                            self.refuse(over);
                        }
                        return;
                    }
                    let head = std::mem::take(&mut self.head);
                    let used = self.gather(&head);
                    // What follows the head (its body, further requests) is taken in anew.
                    self.take_in(&head[used..]);
                    return;
                }
            }
        }
    }

    /// Reads the head gathered so far (`head`) as actix-http will (with httparse, and as many
    /// headers as it takes): a head over a limit is refused; a whole one within them goes on,
    /// its body's framing noted; a part of one waits for more; one that is not HTTP goes on at
    /// once, with the rest of the connection, for actix to refuse. Returns the bytes used;
    /// those of a head still incomplete are kept in `self.head`.
    fn gather(&mut self, head: &[u8]) -> usize {
        let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
        let mut request = httparse::Request::new(&mut headers);
        let parsed = request.parse(head);
        let end = match parsed {
            Ok(httparse::Status::Complete(end)) => end,
            Ok(httparse::Status::Partial) => head.len(),
            Err(httparse::Error::TooManyHeaders) => {
                self.refuse(Over::Head);
                return head.len();
            }
            Err(_) => {
                self.ready.extend_from_slice(head);
                self.state = State::Through;
                return head.len();
            }
        };
        if let Some(over) = over(&head[..end]) {
            self.refuse(over);
            return head.len();
        }
        if parsed != Ok(httparse::Status::Complete(end)) {
            self.head = head.to_vec();
            self.line_done = head.contains(&b'\n');
            return head.len();
        }
        self.line_done = false;
        let mut length = 0u64;
        let mut chunked = false;
        for header in request.headers.iter() {
            if header.name.eq_ignore_ascii_case("content-length") {
                // A length actix will refuse (not a number): its framing is actix's to judge.
                length = std::str::from_utf8(header.value)
                    .ok()
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or(0);
            } else if header.name.eq_ignore_ascii_case("transfer-encoding") {
                chunked = true;
            }
        }
        self.ready.extend_from_slice(&head[..end]);
        self.state = if chunked {
            State::Through
        } else if length > 0 {
            State::Body(length)
        } else {
            State::Head
        };
        end
    }

    /// A head over a limit: dropped, with everything after it, and a stand-in handed on.
    fn refuse(&mut self, over: Over) {
        self.head = Vec::new();
        self.line_done = false;
        self.state = State::Refused;
        let status = match over {
            Over::RequestLine => 414,
            Over::Head => 431,
        };
        let stand_in = format!(
            "GET {REFUSED_PATH}/{status} HTTP/1.1\r\nHost: refused\r\nConnection: close\r\n\r\n"
        );
        self.ready.extend_from_slice(stand_in.as_bytes());
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for HeadLimit<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        loop {
            if this.sent < this.ready.len() {
                let n = buf.remaining().min(this.ready.len() - this.sent);
                buf.put_slice(&this.ready[this.sent..this.sent + n]);
                this.sent += n;
                if this.sent == this.ready.len() {
                    this.ready.clear();
                    this.sent = 0;
                }
                return Poll::Ready(Ok(()));
            }
            let mut bytes = [0u8; 8 * 1024];
            let mut read = ReadBuf::new(&mut bytes);
            match Pin::new(&mut this.io).poll_read(cx, &mut read) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Ready(Ok(())) if read.filled().is_empty() => {
                    // The client is done: a head it left unfinished goes on as it is, for actix
                    // to judge (it will not be answered), then the end.
                    if this.head.is_empty() || this.state == State::Refused {
                        return Poll::Ready(Ok(()));
                    }
                    this.ready = std::mem::take(&mut this.head);
                    this.sent = 0;
                }
                Poll::Ready(Ok(())) => {
                    let filled = read.filled().to_vec();
                    this.take_in(&filled);
                }
            }
        }
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for HeadLimit<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }
}

/// The answer to a refused head's stand-in: `GET {REFUSED_PATH}/{status}`.
pub async fn refused(status: web::Path<u16>) -> Result<HttpResponse, ApiError> {
    Err(match status.into_inner() {
        414 => ApiError::HeadTooLarge {
            status: 414,
            message: format!(
                "the request line is longer than {MAX_REQUEST_LINE} bytes: send long inputs \
                 (a game record) in a POST body"
            ),
        },
        _ => ApiError::HeadTooLarge {
            status: 431,
            message: format!(
                "the request's head (its line and headers) is larger than {MAX_HEAD} bytes"
            ),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What actix is handed for the bytes a client sends, in pieces of `piece` bytes.
    fn handed_on(sent: &[u8], piece: usize) -> Vec<u8> {
        let mut guard = HeadLimit::new(());
        for chunk in sent.chunks(piece) {
            guard.take_in(chunk);
        }
        guard.ready
    }

    #[test]
    fn heads_within_the_limits_and_their_bodies_go_on_unchanged() {
        let post = b"POST /api/players HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}";
        let get = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
        let mut both = post.to_vec();
        both.extend_from_slice(get);
        for piece in [1, 3, 1000] {
            assert_eq!(handed_on(&both, piece), both, "pieces of {piece}");
        }
    }

    #[test]
    fn a_body_that_looks_like_a_huge_head_is_a_body() {
        let body = vec![b'x'; 3 * MAX_HEAD];
        let mut sent =
            format!("POST /a HTTP/1.1\r\nContent-Length: {}\r\n\r\n", body.len()).into_bytes();
        sent.extend_from_slice(&body);
        sent.extend_from_slice(b"GET /b HTTP/1.1\r\n\r\n");
        assert_eq!(handed_on(&sent, 4096), sent);
    }

    #[test]
    fn a_long_request_line_is_replaced_by_a_stand_in_for_a_414() {
        let mut sent = b"GET /healthz HTTP/1.1\r\n\r\n".to_vec();
        sent.extend_from_slice(b"GET /api/rio-kadalis?position=");
        sent.extend(std::iter::repeat_n(b'1', 2 * MAX_REQUEST_LINE));
        sent.extend_from_slice(b" HTTP/1.1\r\n\r\nGET /healthz HTTP/1.1\r\n\r\n");
        let handed = String::from_utf8(handed_on(&sent, 1500)).unwrap();
        // The request before it goes on; the long one is replaced; nothing after it is read.
        assert_eq!(
            handed,
            format!("GET /healthz HTTP/1.1\r\n\r\nGET {REFUSED_PATH}/414 HTTP/1.1\r\nHost: refused\r\nConnection: close\r\n\r\n")
        );
    }

    #[test]
    fn too_many_header_bytes_are_a_431() {
        let mut sent = b"GET /healthz HTTP/1.1\r\n".to_vec();
        while sent.len() <= MAX_HEAD {
            sent.extend_from_slice(b"X-Filler: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n");
        }
        sent.extend_from_slice(b"\r\n");
        let handed = String::from_utf8(handed_on(&sent, 700)).unwrap();
        assert!(
            handed.starts_with(&format!("GET {REFUSED_PATH}/431 ")),
            "{handed}"
        );
    }

    #[test]
    fn bytes_that_are_not_http_go_on_at_once_for_actix_to_refuse() {
        // A TLS greeting, with no end of head to wait for.
        let hello = b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03";
        assert_eq!(handed_on(hello, 100), hello);
        let control = b"GET /\x01\x02 HTTP/1.1\r\n";
        assert_eq!(handed_on(control, 100), control);
    }

    #[test]
    fn too_many_headers_are_a_431() {
        let mut sent = b"GET / HTTP/1.1\r\n".to_vec();
        for n in 0..=MAX_HEADERS {
            sent.extend_from_slice(format!("X-{n}: 1\r\n").as_bytes());
        }
        sent.extend_from_slice(b"\r\n");
        let handed = String::from_utf8(handed_on(&sent, 64)).unwrap();
        assert!(
            handed.starts_with(&format!("GET {REFUSED_PATH}/431 ")),
            "{handed}"
        );
    }

    #[test]
    fn after_a_chunked_body_the_rest_goes_through() {
        let mut sent =
            b"POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n".to_vec();
        sent.extend_from_slice(b"GET /");
        sent.extend(std::iter::repeat_n(b'a', 2 * MAX_REQUEST_LINE));
        assert_eq!(handed_on(&sent, 512), sent);
    }
}
