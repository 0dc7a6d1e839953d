//! The class's HTML page opened in a real browser: a class of ten graded with
//! `--format html=FILE`, the page opened in headless Chromium, its screenshot taken and its
//! table read back from the DOM, then sorted and a failure unfolded by clicks. A browser takes
//! a second to start, so `cargo test` lists this as ignored and `scripts/html-report` runs it
//! (setting `HTML_REPORT_SCREENSHOT` to keep the screenshot); where Chromium is missing it is
//! reported as ignored, with the reason.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use test_support::Trial;

use crate::{args, grade, submission};

pub(crate) fn trials() -> Vec<Trial> {
    vec![test_support::slow(
        test_support::test_with(
            "html::a_class_of_ten_is_a_page_chromium_shows_sorts_and_unfolds",
            chromium,
            a_class_of_ten_is_a_page_chromium_shows_sorts_and_unfolds,
        ),
        "slow: scripts/html-report runs it",
    )]
}

/// The ten submissions: folders named after their faults.
const CLASS: [&str; 10] = [
    "correct",
    "wrong-cell",
    "missing-exclamation",
    "long-border",
    "capital-wins",
    "no-prompts",
    "trailing-space",
    "prints-nothing",
    "crlf-output",
    "space-for-empty-cell",
];

/// Chromium's executable, found on the `PATH`.
fn chromium() -> Result<PathBuf, String> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find_map(|name| {
            std::env::var_os("PATH").and_then(|path| {
                std::env::split_paths(&path)
                    .map(|folder| folder.join(name))
                    .find(|candidate| candidate.is_file())
            })
        })
        .ok_or_else(|| {
            "skipped: no chromium on the PATH (scripts/html-report installs it)".to_owned()
        })
}

/// What the page's own script is asked, after it loads: the table as shown, the table after a
/// click on the `passed` heading, and whether a click on a failing cell unfolds its feedback.
const PROBE: &str = r#"<script>
addEventListener('load', () => {
  const table = () => [...document.querySelectorAll('#class tbody tr')]
    .map(row => [...row.children].map(cell => cell.textContent.trim()));
  const shown = table();
  document.querySelectorAll('#class thead th')[1].click();
  const sorted = table();
  const link = document.querySelector('#class td a');
  link.click();
  const unfolded = document.getElementById(link.getAttribute('href').slice(1));
  const probe = document.createElement('pre');
  probe.id = 'probe';
  probe.textContent = JSON.stringify({
    shown, sorted, unfolded: unfolded.open,
    feedback: unfolded.querySelector('.feedback').textContent,
    failingMost: [...document.querySelectorAll('#failing-most li')].map(li => li.textContent),
    overflows: document.documentElement.scrollWidth > innerWidth,
  });
  document.body.appendChild(probe);
});
</script></body>"#;

fn a_class_of_ten_is_a_page_chromium_shows_sorts_and_unfolds(chromium: PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let class = dir.path().join("class");
    for name in CLASS {
        fs::create_dir_all(class.join(name)).expect("a folder");
    }
    let page = dir.path().join("report.html");
    let json = dir.path().join("class.json");
    let mut command = submission(&[], "{}", &[]);
    let options = [
        "--class",
        class.to_str().expect("UTF-8"),
        "--format",
        &format!("html={}", page.display()),
        "--json",
        json.to_str().expect("UTF-8"),
    ];
    command.splice(1..1, args(&options));
    let graded = grade(&command);
    assert_eq!(graded.status, Some(1), "{}{}", graded.report, graded.stderr);
    let results: Value = crate::results_json(&fs::read_to_string(&json).expect("written"));

    let screenshot = std::env::var_os("HTML_REPORT_SCREENSHOT")
        .map_or_else(|| dir.path().join("class-of-ten.png"), PathBuf::from);
    if let Some(folder) = screenshot.parent() {
        fs::create_dir_all(folder).expect("the screenshot's folder");
    }
    browse(
        &chromium,
        dir.path(),
        &page,
        &[
            &format!("--screenshot={}", screenshot.display()),
            "--window-size=1280,1100",
        ],
    );
    let png = fs::read(&screenshot).expect("a screenshot");
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "{} bytes",
        png.len()
    );

    let probed = dir.path().join("probed.html");
    let text = fs::read_to_string(&page).expect("the page");
    fs::write(&probed, text.replacen("</body>", PROBE, 1)).expect("written");
    let dom = browse(
        &chromium,
        dir.path(),
        &probed,
        &["--dump-dom", "--window-size=1280,1100"],
    );
    let probe = dom
        .split_once("<pre id=\"probe\">")
        .and_then(|(_, rest)| rest.split_once("</pre>"))
        .map(|(probe, _)| {
            probe
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&amp;", "&")
        })
        .unwrap_or_else(|| panic!("no probe in the DOM: {dom}"));
    let probe: Value = serde_json::from_str(&probe).expect("the probe's JSON");

    // The table as shown: a row a submission, in name order, as the JSON results have them.
    let shown = probe["shown"].as_array().expect("rows");
    assert_eq!(shown.len(), 10, "{probe:#}");
    for (row, entry) in shown
        .iter()
        .zip(results["submissions"].as_array().expect("entries"))
    {
        assert_eq!(row[0], entry["name"], "{row}");
        assert_eq!(
            row[1],
            format!("{}/{}", entry["passed"], entry["total"]),
            "{row}"
        );
        let content = entry["results"]["tests"]
            .as_array()
            .expect("cases")
            .iter()
            .filter(|case| case["content"] == "pass")
            .count();
        assert_eq!(row[2], format!("{content}/{}", entry["total"]), "{row}");
    }
    // Every case counts one point here: no column repeats the number passed as points.
    assert!(!text.contains(">points</th>"), "a points column");
    // However many the cases, the page fits a 1280-pixel window: the table scrolls in its box.
    assert_eq!(probe["overflows"], false, "{probe:#}");
    // Sorted by the number passed, fewest first.
    let passed: Vec<u64> = probe["sorted"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| {
            row[1]
                .as_str()
                .and_then(|cell| cell.split('/').next())
                .expect("n/m")
                .parse()
                .expect("a number")
        })
        .collect();
    assert!(passed.is_sorted(), "{passed:?}");
    assert_eq!(probe["sorted"][9][0], "correct", "{probe:#}");
    assert_eq!(probe["unfolded"], true, "{probe:#}");
    assert!(
        probe["feedback"]
            .as_str()
            .is_some_and(|text| text.contains(" in test #")),
        "{probe:#}"
    );
    let failing_most = probe["failingMost"].as_array().expect("a list");
    assert!(
        (1..=report::html::FAILING_MOST).contains(&failing_most.len()),
        "{probe:#}"
    );
}

/// Opens `page` in headless Chromium with `more` flags, offline, and returns what it printed.
fn browse(chromium: &Path, dir: &Path, page: &Path, more: &[&str]) -> String {
    let output = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--hide-scrollbars",
            "--virtual-time-budget=3000",
            "--proxy-server=127.0.0.1:9",
        ])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .args(more)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        output.status.success(),
        "chromium: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}
