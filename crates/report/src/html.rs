//! A class's page for the instructor: one self-contained HTML file (no network, no other
//! file) with a table of the submissions by case, sortable by any column, the cases that fail
//! most, and each failure's feedback and output folded under its name, unfolded on a click (a
//! failing cell of the table unfolds its own). Hidden cases are the instructor's to see: they
//! are marked, not withheld.

use std::fmt::Write;

use kata_model::scoring::Visibility;

use crate::markup::escape;
use crate::model::{ClassResults, Status};
use crate::notation::points;

/// The page's style: plain, readable, printable.
const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em;color:#1b1b1b}\
table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.3em .6em;text-align:left}\
th{background:#f2f2f2;cursor:pointer;user-select:none}th[aria-sort=ascending]::after{content:' ▲'}\
th[aria-sort=descending]::after{content:' ▼'}td.pass{background:#e3f5e1}td.fail{background:#fbe3e1}\
td.error{background:#fdf0d5}td a{color:inherit;text-decoration:none}\
pre{background:#f7f7f7;padding:.6em;overflow-x:auto;white-space:pre-wrap}\
details{margin:.3em 0}summary{cursor:pointer}.hidden-case{font-size:.8em;color:#8a4b00}\
.scroll{overflow-x:auto;max-width:100%}th.case{max-width:7em;font-size:.85em;overflow-wrap:anywhere}";

/// The page's script: sorting by a column, and a failing cell unfolding its feedback.
const SCRIPT: &str = r##"
document.querySelectorAll('#class thead th').forEach((header, column) => {
  header.addEventListener('click', () => {
    const body = document.querySelector('#class tbody');
    const ascending = header.getAttribute('aria-sort') !== 'ascending';
    document.querySelectorAll('#class thead th').forEach(other => other.removeAttribute('aria-sort'));
    header.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
    const key = row => {
      const cell = row.children[column];
      const value = cell.dataset.value;
      return value === undefined ? cell.textContent.trim() : Number(value);
    };
    const rows = [...body.rows].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
      return ascending ? order : -order;
    });
    rows.forEach(row => body.appendChild(row));
  });
});
document.querySelectorAll('#class td a[href^="#f-"]').forEach(link => {
  link.addEventListener('click', () => {
    const target = document.getElementById(link.getAttribute('href').slice(1));
    if (target) target.open = true;
  });
});
"##;

/// The page of `class`, titled after `label` (what was graded).
#[must_use]
pub fn class(class: &ClassResults, label: &str) -> String {
    let case_names = case_names(class);
    let passed = class
        .submissions
        .iter()
        .filter(|entry| entry.results.status == Status::Pass)
        .count();
    let mut label_chars = label.chars();
    let label: String = label_chars
        .next()
        .map(|first| first.to_uppercase().chain(label_chars).collect())
        .unwrap_or_default();
    let title = format!(
        "{label}: {passed} of {} submissions passed",
        class.submissions.len()
    );
    let mut page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n",
        title = escape(&title)
    );
    table(&mut page, class, &case_names);
    failing_most(&mut page, class, &case_names);
    failures(&mut page, class);
    let _ = write!(page, "<script>{SCRIPT}</script>\n</body>\n</html>\n");
    page
}

/// Every case name of the class, in the order the cases were first met.
fn case_names(class: &ClassResults) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for entry in &class.submissions {
        for case in &entry.results.tests {
            if !names.contains(&case.name) {
                names.push(case.name.clone());
            }
        }
    }
    names
}

/// The table: a row a submission, a column a case, in a box of its own that scrolls sideways
/// when the cases are too many for the page's width. Points have their column only where the
/// kata weighs its cases: otherwise they are the number passed again.
fn table(page: &mut String, class: &ClassResults, case_names: &[String]) {
    let weighted = class
        .submissions
        .iter()
        .any(|entry| entry.results.max_points.is_some());
    page.push_str(
        "<div class=\"scroll\">\n<table id=\"class\">\n<thead><tr><th scope=\"col\">submission</th>\
         <th scope=\"col\">passed</th><th scope=\"col\" title=\"right in content, however \
         presented\">content</th>",
    );
    if weighted {
        page.push_str("<th scope=\"col\">points</th>");
    }
    for name in case_names {
        let _ = write!(
            page,
            "<th scope=\"col\" class=\"case\">{}</th>",
            escape(name)
        );
    }
    page.push_str("</tr></thead>\n<tbody>\n");
    for (row, entry) in class.submissions.iter().enumerate() {
        let results = &entry.results;
        let _ = write!(
            page,
            "<tr><th scope=\"row\">{name}</th>\
             <td data-value=\"{passed}\">{passed}/{total}</td>\
             <td data-value=\"{content}\">{content}/{total}</td>",
            name = escape(&entry.name),
            passed = entry.passed,
            content = results.scores.map_or(0, |scores| scores.content),
            total = entry.total,
        );
        if weighted {
            let _ = write!(
                page,
                "<td data-value=\"{score}\">{score_text}/{max}</td>",
                score = results.score(),
                score_text = points(results.score()),
                max = points(results.max_score()),
            );
        }
        for name in case_names {
            match results
                .tests
                .iter()
                .enumerate()
                .find(|(_, case)| &case.name == name)
            {
                Some((_, case)) if case.passed() => {
                    let _ = write!(page, "<td class=\"pass\" title=\"Passed\">✓</td>");
                }
                Some((index, case)) => {
                    let class_name = if case.status == Status::Error {
                        "error"
                    } else {
                        "fail"
                    };
                    let _ = write!(
                        page,
                        "<td class=\"{class_name}\" title=\"{verdict}\"><a href=\"#f-{row}-{index}\">✗ {verdict}</a></td>",
                        verdict = escape(&case.verdict)
                    );
                }
                None if !results.graded_at_all() => {
                    let _ = write!(page, "<td class=\"error\" title=\"Not graded\">—</td>");
                }
                None => page.push_str("<td>·</td>"),
            }
        }
        page.push_str("</tr>\n");
    }
    page.push_str("</tbody>\n</table>\n</div>\n");
}

/// How many of the cases that fail most are named.
pub const FAILING_MOST: usize = 5;

/// The cases that fail most: the [`FAILING_MOST`] failed by the most submissions, with how
/// many, and how many other cases failed at all.
fn failing_most(page: &mut String, class: &ClassResults, case_names: &[String]) {
    let mut counts: Vec<(usize, &String)> = case_names
        .iter()
        .map(|name| {
            let failed = class
                .submissions
                .iter()
                .filter(|entry| {
                    entry
                        .results
                        .tests
                        .iter()
                        .any(|case| &case.name == name && !case.passed())
                })
                .count();
            (failed, name)
        })
        .filter(|(failed, _)| *failed > 0)
        .collect();
    counts.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    page.push_str("<h2>The cases that fail most</h2>\n");
    if counts.is_empty() {
        page.push_str("<p>No case failed.</p>\n");
        return;
    }
    page.push_str("<ol id=\"failing-most\">\n");
    let others = counts.len().saturating_sub(FAILING_MOST);
    counts.truncate(FAILING_MOST);
    for (failed, name) in counts {
        let _ = writeln!(
            page,
            "<li><strong>{}</strong>: failed by {failed} of {} submissions</li>",
            escape(name),
            class.submissions.len()
        );
    }
    page.push_str("</ol>\n");
    if others > 0 {
        let _ = writeln!(
            page,
            "<p>{others} other {} failed by fewer submissions.</p>",
            if others == 1 {
                "case was"
            } else {
                "cases were"
            }
        );
    }
}

/// Each submission's failures, folded: the feedback and the output, unfolded on a click.
fn failures(page: &mut String, class: &ClassResults) {
    page.push_str("<h2>Failures</h2>\n");
    for (row, entry) in class.submissions.iter().enumerate() {
        let results = &entry.results;
        let failed: Vec<_> = results
            .tests
            .iter()
            .enumerate()
            .filter(|(_, case)| !case.passed())
            .collect();
        if failed.is_empty() && results.graded_at_all() {
            continue;
        }
        let _ = writeln!(page, "<section>\n<h3>{}</h3>", escape(&entry.name));
        if !results.graded_at_all() {
            let _ = writeln!(
                page,
                "<details id=\"f-{row}-build\"><summary>Not graded</summary><pre>{}</pre></details>",
                escape(results.message.as_deref().unwrap_or_default())
            );
        }
        for (index, case) in failed {
            let hidden = match case.visibility() {
                Visibility::Visible => "",
                Visibility::Hidden => " <span class=\"hidden-case\">hidden from learners</span>",
                Visibility::AfterDeadline => {
                    " <span class=\"hidden-case\">shown to learners after the deadline</span>"
                }
            };
            // What the kata's own judge said is the instructor's, and this page is theirs.
            let judge = case
                .judge_message
                .as_deref()
                .map_or_else(String::new, |message| {
                    format!(
                        "<p>The kata's judge said:</p><pre class=\"judge\">{}</pre>",
                        escape(message)
                    )
                });
            let _ = writeln!(
                page,
                "<details id=\"f-{row}-{index}\"><summary>#{} {}: {}{hidden}</summary>\
                 <pre class=\"feedback\">{}</pre>{judge}<p>Output:</p><pre class=\"output\">{}</pre></details>",
                index + 1,
                escape(&case.name),
                escape(&case.verdict),
                escape(case.message.as_deref().unwrap_or_default()),
                escape(&case.output),
            );
        }
        page.push_str("</section>\n");
    }
}
