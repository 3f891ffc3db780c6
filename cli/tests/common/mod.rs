//! What every black-box test of the binary needs: where the repository is, how to run the
//! binary there, and its output as text. Each test file uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root (tests run the binary from there, so shipped paths work).
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Runs the binary cargo built for these tests with `args`, from the repository root.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shikatsu"))
        .args(args)
        .current_dir(repo())
        .output()
        .expect("the binary runs")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A scratch file under the target folder (one folder per test binary), removed when
/// dropped.
pub struct Scratch(PathBuf);

impl Scratch {
    /// Writes `bytes` to a new scratch file called `name`.
    pub fn new(name: &str, bytes: &[u8]) -> Scratch {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(env!("CARGO_CRATE_NAME"));
        std::fs::create_dir_all(&dir).expect("scratch folder");
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("scratch file");
        Scratch(path)
    }

    /// Its path, as an argument for the binary.
    pub fn path(&self) -> &str {
        self.0.to_str().expect("utf-8 path")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
