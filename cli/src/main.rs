//! The `shikatsu` command-line program.
use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::SUCCESS
}
