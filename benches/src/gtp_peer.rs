//! A GTP engine run as a child process (GNU Go for the side-by-side runs).
//!
//! The bench binaries that talk to GNU Go share this: `gnugo-crosscheck` streams a numbered
//! script and reads the answers as they come ([`GtpPeer::stdio`], [`read_answer`]),
//! `owl-compare` asks one command at a time ([`GtpPeer::ask`]).
//!
//! ```no_run
//! use benches::gtp_peer::GtpPeer;
//! let mut gnugo = GtpPeer::spawn("/usr/games/gnugo".as_ref(), &["--mode", "gtp"]).unwrap();
//! let answer = gnugo.ask("name").unwrap();
//! assert!(answer.ok);
//! assert_eq!(answer.text, "GNU Go");
//! ```

use rules_core::Color;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// One GTP answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// `=` (success) rather than `?` (failure).
    pub ok: bool,
    /// The command's id, if it had one.
    pub id: Option<u64>,
    /// The text after the status and the id, trimmed; lines of a multi-line answer are
    /// joined by `\n`.
    pub text: String,
}

/// A running GTP engine; `quit` is sent when it is dropped.
#[derive(Debug)]
pub struct GtpPeer {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl GtpPeer {
    /// Starts `path` with `args` (its standard error discarded).
    ///
    /// # Errors
    /// The program cannot be started; the message names it.
    pub fn spawn(path: &Path, args: &[&str]) -> Result<GtpPeer, String> {
        let mut child = Command::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", path.display()))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(GtpPeer {
            child,
            stdin,
            stdout,
        })
    }

    /// Sends one command and reads its answer.
    ///
    /// # Errors
    /// Writing or reading fails, or the engine's output is not a GTP answer.
    pub fn ask(&mut self, command: &str) -> Result<Answer, String> {
        writeln!(self.stdin, "{command}").map_err(|e| e.to_string())?;
        self.stdin.flush().map_err(|e| e.to_string())?;
        read_answer(&mut self.stdout)
    }

    /// The engine's input and output, for a caller that writes a whole script in one
    /// thread while it reads the answers in another.
    pub fn stdio(&mut self) -> (&mut ChildStdin, &mut BufReader<ChildStdout>) {
        (&mut self.stdin, &mut self.stdout)
    }
}

impl Drop for GtpPeer {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

/// A colour as GTP names it.
///
/// ```
/// use benches::gtp_peer::color_name;
/// use rules_core::Color;
/// assert_eq!(color_name(Color::White), "white");
/// ```
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Reads one GTP answer: blank lines before it are skipped, further lines of a multi-line
/// answer are read up to the blank line that ends it.
///
/// # Errors
/// The output ends, cannot be read, or does not start with `=` or `?`.
///
/// ```
/// use benches::gtp_peer::read_answer;
/// let mut out = std::io::BufReader::new(&b"\n=3 A1 B2\nC3\n\n"[..]);
/// let answer = read_answer(&mut out).unwrap();
/// assert_eq!((answer.ok, answer.id, answer.text.as_str()), (true, Some(3), "A1 B2\nC3"));
/// ```
pub fn read_answer(stdout: &mut impl BufRead) -> Result<Answer, String> {
    let mut line = String::new();
    loop {
        line.clear();
        let n = stdout.read_line(&mut line).map_err(|e| e.to_string())?;
        if n == 0 {
            return Err("the engine closed its output".into());
        }
        if !line.trim().is_empty() {
            break;
        }
    }
    let mut text = line.trim_end().to_string();
    loop {
        let mut more = String::new();
        let n = stdout.read_line(&mut more).map_err(|e| e.to_string())?;
        if n == 0 || more.trim().is_empty() {
            break;
        }
        text.push('\n');
        text.push_str(more.trim_end());
    }
    let ok = match text.chars().next() {
        Some('=') => true,
        Some('?') => false,
        _ => return Err(format!("not a GTP answer: {text:?}")),
    };
    let rest = &text[1..];
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    let id = rest[..digits].parse().ok();
    Ok(Answer {
        ok,
        id,
        text: rest[digits..].trim().to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_without_id_and_a_failure_are_read() {
        let mut out = BufReader::new(&b"= 0.5\n\n? unknown command\n\n"[..]);
        let a = read_answer(&mut out).unwrap();
        assert_eq!((a.ok, a.id, a.text.as_str()), (true, None, "0.5"));
        let b = read_answer(&mut out).unwrap();
        assert_eq!(
            (b.ok, b.id, b.text.as_str()),
            (false, None, "unknown command")
        );
        assert!(read_answer(&mut out).is_err());
    }

    #[test]
    fn output_that_is_not_gtp_is_an_error() {
        let mut out = BufReader::new(&b"hello\n\n"[..]);
        assert!(read_answer(&mut out)
            .unwrap_err()
            .contains("not a GTP answer"));
    }
}
