//! The `explain --html` page in a real browser: headless Chromium loads it from a file with
//! no network, the page steps through every proof line itself (`#selftest`) and writes the
//! result into its DOM, which Chromium dumps; then a screenshot is taken.
//!
//! `.ci/run` installs Chromium (`apt-get install -y chromium`) and sets
//! `SHIKATSU_REQUIRE_CHROMIUM=1`, so there a missing browser is a failure. Elsewhere the test
//! skips with a message when no Chromium can be found.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::repo;

fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("browser")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// The Chromium binary, or `None` (after saying why) when the test must skip.
fn chromium() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("SHIKATSU_CHROMIUM").map(PathBuf::from),
        Some(PathBuf::from("/usr/bin/chromium")),
        Some(PathBuf::from("/usr/bin/chromium-browser")),
        Some(PathBuf::from("/usr/bin/google-chrome")),
    ];
    if let Some(found) = candidates.into_iter().flatten().find(|p| p.is_file()) {
        return Some(found);
    }
    assert!(
        std::env::var_os("SHIKATSU_REQUIRE_CHROMIUM").is_none(),
        "SHIKATSU_REQUIRE_CHROMIUM is set but no Chromium was found (apt-get install -y chromium)"
    );
    eprintln!(
        "skipped: no Chromium found (/usr/bin/chromium); .ci/run installs it with apt-get install -y chromium"
    );
    None
}

/// Runs Chromium headless on `url` with the flags that work in a container, killing it
/// after a minute.
fn headless(browser: &Path, profile: &Path, extra: &[&str], url: &str) -> Output {
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--no-first-run",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    let deadline = Instant::now() + Duration::from_secs(60);
    // Read the pipes on threads so a large DOM dump cannot block the browser.
    let mut out_pipe = child.stdout.take().expect("stdout");
    let mut err_pipe = child.stderr.take().expect("stderr");
    let out_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = std::io::Read::read_to_end(&mut out_pipe, &mut buf);
        buf
    });
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = std::io::Read::read_to_end(&mut err_pipe, &mut buf);
        buf
    });
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium did not finish within a minute on {url}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    Output {
        status,
        stdout: out_reader.join().expect("stdout reader"),
        stderr: err_reader.join().expect("stderr reader"),
    }
}

/// The text of `<pre id="selftest" ...>` in a dumped DOM.
fn selftest_result(dom: &str) -> Option<String> {
    let start = dom.find("<pre id=\"selftest\"")?;
    let rest = &dom[start..];
    let open_end = rest.find('>')? + 1;
    let close = rest.find("</pre>")?;
    Some(rest[open_end..close].to_string())
}

/// Console messages of the page as Chromium logs them (`INFO:CONSOLE:1] "..."`, whatever
/// the level, uncaught exceptions included). The page writes nothing to the console, so
/// every such line is an error.
fn console_messages(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(str::to_string)
        .collect()
}

fn explain_html(position: &str, out: &Path) {
    let o = Command::new(env!("CARGO_BIN_EXE_shikatsu"))
        .args(["explain", position, "--html"])
        .arg(out)
        .current_dir(repo())
        .output()
        .expect("the binary runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

fn url(path: &Path) -> String {
    format!(
        "file://{}#selftest",
        path.canonicalize().expect("a path").display()
    )
}

#[test]
fn explain_page_steps_through_the_lines_in_chromium() {
    let Some(browser) = chromium() else { return };
    let dir = scratch_dir("explain");
    let page = dir.join("bent-four.html");
    explain_html("puzzles/corpus/13-bent-four-in-the-corner.txt", &page);
    let html = std::fs::read_to_string(&page).expect("the page");
    // The only address in the page is the SVG namespace: nothing is fetched.
    assert_eq!(
        html.matches("http").count(),
        html.matches("http://www.w3.org/2000/svg").count(),
        "no network resources"
    );
    assert!(!html.contains("<link"), "CSS is inline");

    let o = headless(&browser, &dir.join("profile"), &["--dump-dom"], &url(&page));
    let dom = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    let result = selftest_result(&dom).expect("the page wrote its self-test result");
    assert!(result.starts_with("ok "), "self-test: {result}\n{stderr}");
    // Two proof lines (the Black corner and the White group), every step taken, and the
    // board changed on most of them (passes do not change it).
    assert!(result.contains("lines=2"), "{result}");
    // Every move of both proof lines is a step: as many as `status` lists.
    let o = Command::new(env!("CARGO_BIN_EXE_shikatsu"))
        .args([
            "status",
            "puzzles/corpus/13-bent-four-in-the-corner.txt",
            "--format",
            "json",
        ])
        .current_dir(repo())
        .output()
        .expect("the binary runs");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let moves: usize = v["strings"]
        .as_array()
        .expect("strings")
        .iter()
        .map(|s| s["proof"].as_array().map_or(0, Vec::len))
        .sum();
    assert!(result.contains(&format!("steps={moves}")), "{result}");
    let changes: usize = result
        .split_whitespace()
        .find_map(|w| w.strip_prefix("changes="))
        .and_then(|n| n.parse().ok())
        .expect("a change count");
    assert!(changes >= 10, "{result}");
    let errors = console_messages(&stderr);
    assert!(errors.is_empty(), "console errors: {errors:?}");

    let shot = dir.join("explain.png");
    let o = headless(
        &browser,
        &dir.join("profile"),
        &[
            "--hide-scrollbars",
            "--window-size=1100,900",
            &format!("--screenshot={}", shot.display()),
        ],
        &url(&page),
    );
    let png = std::fs::read(&shot).unwrap_or_else(|e| {
        panic!(
            "no screenshot ({e}): {}",
            String::from_utf8_lossy(&o.stderr)
        )
    });
    assert!(png.starts_with(b"\x89PNG"), "a PNG file");
    assert!(png.len() > 10_000, "a picture, not a blank page");
    eprintln!("screenshot: {}", shot.display());
}

#[test]
fn the_self_test_fails_when_stepping_changes_nothing() {
    let Some(browser) = chromium() else { return };
    let dir = scratch_dir("broken");
    let page = dir.join("snapback.html");
    explain_html("puzzles/corpus/07-snapback.txt", &page);
    let html = std::fs::read_to_string(&page).expect("the page");
    // Rename the stones so that the script finds none to repaint.
    // And add a script that throws, which the console check must see.
    let broken = html
        .replace("<circle id=\"s", "<circle id=\"x")
        .replace("</body>", "<script>notDefinedAnywhere();</script></body>");
    assert_ne!(broken, html);
    std::fs::write(&page, broken).expect("the broken page");
    let o = headless(&browser, &dir.join("profile"), &["--dump-dom"], &url(&page));
    let dom = String::from_utf8_lossy(&o.stdout);
    let result = selftest_result(&dom).expect("the page wrote its self-test result");
    assert!(result.starts_with("fail "), "{result}");
    assert!(result.contains("never changed the board"), "{result}");
    let messages = console_messages(&String::from_utf8_lossy(&o.stderr));
    assert!(
        messages.iter().any(|m| m.contains("notDefinedAnywhere")),
        "the console check sees a thrown error: {messages:?}"
    );
}
