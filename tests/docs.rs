//! The documentation holds together: every page of the book (its dated records of measurements
//! among them) is in its `SUMMARY.md`, titled there as its first heading, and every entry there
//! is a page, every relative link of the README, the book, `CHANGELOG.md` and `CONTRIBUTING.md`
//! reaches a file (and a heading, where it names one), the README stays short enough to be read
//! first, every console example of the README and the book is run ([`crate::examples`]) or
//! says why not, and a file an example reads, shown before it (`<!-- file PATH -->` above the
//! block), is shown as it is. Plain reads of a few dozen files: milliseconds.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Component, Path, PathBuf};

use test_support::Trial;

use crate::examples;
use crate::katas::workspace;

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("docs":
        every_page_of_the_book_is_in_the_summary_and_every_entry_is_a_page,
        every_entry_of_the_summary_is_titled_as_its_page,
        every_relative_link_reaches_a_file_and_its_heading,
        the_readme_is_at_most_200_lines,
        every_console_example_is_run_or_says_why_not,
        every_file_shown_is_the_file_it_names,
    )
}

/// The book's pages, under `docs/src`.
fn book() -> PathBuf {
    workspace().join("docs/src")
}

/// Every Markdown file under `folder`, sorted.
pub(crate) fn markdown_under(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![folder.to_owned()];
    while let Some(folder) = folders.pop() {
        let entries =
            fs::read_dir(&folder).unwrap_or_else(|error| panic!("{}: {error}", folder.display()));
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|extension| extension == "md") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The targets of the Markdown links `[text](target)` in `text`, outside code, each with its
/// line.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut fenced = false;
    for (number, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Code spans may hold `](` that is no link: leave them out.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(start) = rest.find("](") {
            let after = &rest[start + 2..];
            let Some(end) = after.find(')') else { break };
            found.push((number + 1, after[..end].trim().to_owned()));
            rest = &after[end..];
        }
    }
    found
}

/// The anchors GitHub and mdBook give the headings of `text`: lower case, punctuation but `-`
/// and `_` dropped, spaces as `-`.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut fenced = false;
    let mut found = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if fenced || !line.starts_with('#') {
            continue;
        }
        let heading = line.trim_start_matches('#').trim();
        let anchor: String = heading
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        found.insert(anchor);
    }
    found
}

/// `path` with its `.` and `..` taken out, so that two ways to one file compare equal.
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

fn every_page_of_the_book_is_in_the_summary_and_every_entry_is_a_page() {
    let book = book();
    let summary = read(&book.join("SUMMARY.md"));
    let listed: BTreeSet<PathBuf> = links(&summary)
        .into_iter()
        .map(|(_, target)| normal(&book.join(target)))
        .collect();
    let missing: Vec<&PathBuf> = listed.iter().filter(|page| !page.is_file()).collect();
    assert!(
        missing.is_empty(),
        "SUMMARY.md lists pages that are not there: {missing:#?}"
    );
    let unlisted: Vec<PathBuf> = markdown_under(&book)
        .into_iter()
        .filter(|page| page.file_name().is_none_or(|name| name != "SUMMARY.md"))
        .filter(|page| !listed.contains(&normal(page)))
        .collect();
    assert!(
        unlisted.is_empty(),
        "pages SUMMARY.md does not list: {unlisted:#?}"
    );
}

/// The links `[title](target)` of `text` (a summary, which has no code) with their titles,
/// each with its line.
fn titled_links(text: &str) -> Vec<(usize, String, String)> {
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(open) = rest.find('[') {
            let Some(close) = rest[open..].find("](") else {
                break;
            };
            let title = &rest[open + 1..open + close];
            let after = &rest[open + close + 2..];
            let Some(end) = after.find(')') else { break };
            found.push((number + 1, title.to_owned(), after[..end].trim().to_owned()));
            rest = &after[end..];
        }
    }
    found
}

/// The text of the first heading of `text`, without its `#`s.
fn first_heading(text: &str) -> Option<&str> {
    text.lines()
        .find(|line| line.starts_with('#'))
        .map(|line| line.trim_start_matches('#').trim())
}

// The sidebar and the page's tab show the summary's title, the page its heading: one name for
// both, so that a page retitled is not listed under its old title.
fn every_entry_of_the_summary_is_titled_as_its_page() {
    let book = book();
    let summary = read(&book.join("SUMMARY.md"));
    let entries = titled_links(&summary);
    assert_eq!(
        entries.len(),
        links(&summary).len(),
        "SUMMARY.md's entries, read with their titles: {entries:#?}"
    );
    let mut wrong = Vec::new();
    for (line, title, target) in entries {
        let page = read(&book.join(&target));
        let heading = first_heading(&page).unwrap_or_default();
        if heading != title {
            wrong.push(format!(
                "SUMMARY.md:{line}: `{title}`, but {target} is headed `{heading}`"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "entries titled otherwise than their pages:\n{}",
        wrong.join("\n")
    );
}

fn every_relative_link_reaches_a_file_and_its_heading() {
    let root = workspace();
    let mut documents: Vec<PathBuf> = ["README.md", "CHANGELOG.md", "CONTRIBUTING.md"]
        .iter()
        .map(|name| root.join(name))
        .collect();
    // The examples' fixtures are the commands' data, not documents.
    let fixtures = root.join("docs/examples");
    documents.extend(
        markdown_under(&root.join("docs"))
            .into_iter()
            .filter(|document| !document.starts_with(&fixtures)),
    );
    let mut broken = Vec::new();
    for document in &documents {
        let text = read(document);
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() {
                document.clone()
            } else {
                normal(&document.parent().expect("a folder").join(file))
            };
            let shown = format!("{}:{line}: {target}", document.display());
            if !path.exists() {
                broken.push(format!("{shown} (no such file)"));
            } else if !anchor.is_empty()
                && path.extension().is_some_and(|extension| extension == "md")
                && !anchors(&read(&path)).contains(anchor)
            {
                broken.push(format!("{shown} (no such heading)"));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links that lead nowhere:\n{}",
        broken.join("\n")
    );
}

fn the_readme_is_at_most_200_lines() {
    let lines = read(&workspace().join("README.md")).lines().count();
    assert!(
        lines <= 200,
        "README.md has {lines} lines: the rest belongs in docs/"
    );
}

/// The languages of the blocks that are no console example: files shown (`toml`, `yaml`, `json`,
/// `sh` for a script, from its `#!`, `python` for a learner's program) and text shown (`text`:
/// output, a synopsis).
const NOT_EXAMPLES: [&str; 6] = ["text", "toml", "yaml", "json", "sh", "python"];

/// The commands a line of a `text` block may start with only as a synopsis, with a placeholder.
const COMMANDS: [&str; 3] = ["grade", "kata", "cargo"];

fn every_console_example_is_run_or_says_why_not() {
    let mut wrong = Vec::new();
    for block in examples::all_blocks() {
        let place = block.place();
        if block.is_console() {
            match (block.is_ignored(), block.reason_not_run()) {
                (true, None) => wrong.push(format!(
                    "{place}: `console,ignore` without `<!-- not run: REASON -->` above it"
                )),
                (false, Some(_)) => wrong.push(format!(
                    "{place}: says it is not run, but is not marked `console,ignore`"
                )),
                _ => {}
            }
            if let Err(error) = examples::steps(&block) {
                wrong.push(error);
            }
            if let Some(note) = &block.note
                && block.fixture().is_none()
                && block.reason_not_run().is_none()
                && !block.is_thorough()
            {
                wrong.push(format!(
                    "{place}: the note `{note}` is none of `run in FOLDER`, `not run: REASON`, \
                     `thorough` and `run in FOLDER, thorough`"
                ));
            }
            if let Some(fixture) = block.fixture()
                && !workspace().join(fixture).is_dir()
            {
                wrong.push(format!("{place}: no fixture folder {fixture}"));
            }
        } else if !NOT_EXAMPLES.contains(&block.info.as_str()) {
            wrong.push(format!(
                "{place}: a block of `{}`: `console` for an example, else one of {NOT_EXAMPLES:?}",
                block.info
            ));
        } else if block.lines.iter().any(|line| line.starts_with("$ ")) {
            wrong.push(format!("{place}: commands in a `{}` block", block.info));
        } else if block.info == "sh"
            && !block
                .lines
                .first()
                .is_some_and(|line| line.starts_with("#!"))
        {
            wrong.push(format!(
                "{place}: an `sh` block is a script, from its `#!` line"
            ));
        } else if block.info == "text"
            && let Some(line) = block.lines.iter().find(|line| {
                let first = line.split_whitespace().next().unwrap_or_default();
                COMMANDS.contains(&first) && !line.contains(['<', '[', '|'])
            })
        {
            wrong.push(format!(
                "{place}: `{line}` is a command, no synopsis: an example is `console`"
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "examples neither run nor marked:\n{}",
        wrong.join("\n")
    );
}

// A file that an example's commands read, shown on the page before them, is shown as the example
// has it: the reader who types it in gets the output the example shows.
fn every_file_shown_is_the_file_it_names() {
    let mut wrong = Vec::new();
    let mut shown = 0;
    for block in examples::all_blocks() {
        let Some(file) = block.shown_file() else {
            continue;
        };
        shown += 1;
        let place = block.place();
        let Ok(text) = fs::read_to_string(workspace().join(file)) else {
            wrong.push(format!("{place}: no file {file}"));
            continue;
        };
        let block_text: String = block.lines.iter().map(|line| format!("{line}\n")).collect();
        if block_text != text {
            wrong.push(format!(
                "{place}: the block differs from {file}:\n--- the block\n{block_text}--- the file\n{text}"
            ));
        }
    }
    assert!(
        shown > 0,
        "no block names the file it shows: the trial tests nothing"
    );
    assert!(
        wrong.is_empty(),
        "files shown otherwise than they are:\n{}",
        wrong.join("\n")
    );
}
