//! The progress line on stderr, shown on a terminal only: in a log or a pipe the line and its
//! escape codes would only be noise.

use std::io::{IsTerminal, Write};
use std::time::Instant;

/// Replaces the progress line on stderr, when stderr is a terminal.
pub fn progress(msg: &str) {
    let mut err = std::io::stderr().lock();
    if err.is_terminal() {
        let _ = write!(err, "\r\x1b[2K{msg}");
        let _ = err.flush();
    }
}

/// Clears the progress line.
pub fn progress_done() {
    progress("");
}

/// Wall-clock time since `t`, for progress lines and footers.
pub fn since(t: Instant) -> String {
    format!("{:.0} s", t.elapsed().as_secs_f64())
}
