//! A real HTTP/1.1 server on 127.0.0.1:0 for the LLM tests: it records every request, answers
//! with canned replies or faults, and counts the most requests it held in flight at once.
#![allow(dead_code)]

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// A request as the server saw it.
#[derive(Clone, Debug)]
pub struct Seen {
    pub method: String,
    pub path: String,
    pub headers: Vec<(String, String)>,
    pub body: Value,
    /// The body as sent (a multipart upload is not JSON).
    pub raw: Vec<u8>,
}

impl Seen {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The text of the last message (the prompt).
    pub fn prompt(&self) -> String {
        let msgs = self.body["messages"].as_array().cloned().unwrap_or_default();
        msgs.last().and_then(|m| m["content"].as_str()).unwrap_or_default().to_string()
    }

    pub fn model(&self) -> String {
        self.body["model"].as_str().unwrap_or_default().to_string()
    }
}

/// What to answer.
pub enum Reply {
    /// A successful reply with this text, in the format of the endpoint asked.
    Text(String),
    /// A status with a body and extra headers.
    Status(u16, String, Vec<(&'static str, String)>),
    /// Wait, then answer.
    Slow(Duration, Box<Reply>),
    /// Close the connection without answering.
    Drop,
    /// A 200 whose body is this, as is.
    Raw(String),
}

type Responder = dyn Fn(&Seen, usize) -> Reply + Send + Sync;

#[derive(Default)]
struct State {
    seen: Vec<Seen>,
    in_flight: usize,
    max_in_flight: usize,
}

pub struct Server {
    port: u16,
    state: Arc<(Mutex<State>, Condvar)>,
}

impl Server {
    /// Starts a server; `responder` gets each request and its 0-based number.
    pub fn start(responder: impl Fn(&Seen, usize) -> Reply + Send + Sync + 'static) -> Server {
        Server::start_holding(0, responder)
    }

    /// Like `start`, but each request waits (up to 5 s) until `hold` requests are in flight,
    /// so that the most in flight shows the client's real concurrency.
    pub fn start_holding(hold: usize, responder: impl Fn(&Seen, usize) -> Reply + Send + Sync + 'static) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind loopback");
        let port = listener.local_addr().expect("addr").port();
        let state: Arc<(Mutex<State>, Condvar)> = Arc::default();
        let responder: Arc<Responder> = Arc::new(responder);
        let st = state.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (st, responder) = (st.clone(), responder.clone());
                std::thread::spawn(move || serve(stream, &st, &*responder, hold));
            }
        });
        Server { port, state }
    }

    /// The base URL, `http://127.0.0.1:PORT/v1`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/v1", self.port)
    }

    /// The base URL without `/v1` (for Anthropic).
    pub fn root(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    pub fn seen(&self) -> Vec<Seen> {
        self.state.0.lock().expect("lock").seen.clone()
    }

    pub fn max_in_flight(&self) -> usize {
        self.state.0.lock().expect("lock").max_in_flight
    }
}

fn serve(stream: TcpStream, state: &(Mutex<State>, Condvar), responder: &Responder, hold: usize) {
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut writer = stream;
    loop {
        let Some(seen) = read_request(&mut reader) else { return };
        let n = {
            let mut s = state.0.lock().expect("lock");
            s.seen.push(seen.clone());
            s.in_flight += 1;
            s.max_in_flight = s.max_in_flight.max(s.in_flight);
            state.1.notify_all();
            s.seen.len() - 1
        };
        if hold > 0 {
            let s = state.0.lock().expect("lock");
            let _ = state.1.wait_timeout_while(s, Duration::from_secs(5), |s| s.in_flight < hold);
        }
        let reply = responder(&seen, n);
        let open = answer(&mut writer, &seen, reply);
        state.0.lock().expect("lock").in_flight -= 1;
        if !open {
            return;
        }
    }
}

fn read_request(reader: &mut BufReader<TcpStream>) -> Option<Seen> {
    let mut line = String::new();
    reader.read_line(&mut line).ok().filter(|&n| n > 0)?;
    let method = line.split_whitespace().next()?.to_string();
    let path = line.split_whitespace().nth(1)?.to_string();
    let mut headers = Vec::new();
    loop {
        let mut h = String::new();
        reader.read_line(&mut h).ok()?;
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        let (k, v) = h.split_once(':')?;
        headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
    }
    let len: usize = headers.iter().find(|(k, _)| k == "content-length").and_then(|(_, v)| v.parse().ok()).unwrap_or(0);
    let mut body = vec![0; len];
    reader.read_exact(&mut body).ok()?;
    Some(Seen { method, path, headers, body: serde_json::from_slice(&body).unwrap_or(Value::Null), raw: body })
}

/// Writes the reply; whether the connection stays open.
fn answer(w: &mut TcpStream, seen: &Seen, reply: Reply) -> bool {
    let (status, body, extra) = match reply {
        Reply::Drop => return false,
        Reply::Slow(d, r) => {
            std::thread::sleep(d);
            return answer(w, seen, *r);
        }
        Reply::Raw(body) => (200, body, vec![]),
        Reply::Status(s, body, extra) => (s, body, extra),
        Reply::Text(text) => {
            let body = if seen.path.ends_with("/messages") {
                json!({"content": [{"type": "text", "text": text}], "usage": {"input_tokens": 10, "output_tokens": 3}})
            } else {
                json!({"choices": [{"message": {"role": "assistant", "content": text}}], "usage": {"prompt_tokens": 10, "completion_tokens": 3}})
            };
            (200, body.to_string(), vec![])
        }
    };
    let mut head =
        format!("HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\n", body.len());
    for (k, v) in extra {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    w.write_all(head.as_bytes()).and_then(|()| w.write_all(body.as_bytes())).is_ok()
}
