//! The reference of a kata's manifest (`docs/src/reference/manifest.md`) against the manifest's
//! parser, both ways: every key a table of the page documents is one the parser reads, and every
//! key the parser reads is documented; the same for the keys of a file of rule cases, which the
//! page documents too. The parser's keys are found by asking it: a manifest that holds a key no
//! table takes, `Kata::parse` refuses with the keys that table does take (serde's "unknown
//! field `…`, expected one of `…`", kept whole in its message), and a key whose value is a table,
//! a table of tables by name or an array of tables is asked again one level in. So a key added to
//! the parser, at any depth, fails here until the page has it. Tens of parses of a few bytes:
//! milliseconds.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use kata_model::kata::{Kata, Source};
use kata_model::rule_cases;
use test_support::Trial;

use crate::katas::workspace;

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("manifest":
        every_key_is_in_the_reference_and_every_key_it_names_is_read,
        the_keys_documented_are_read_from_the_tables_of_keys,
        the_keys_read_are_found_by_asking_the_parser,
    )
}

/// The page of the manifest's keys, from the workspace's root.
const PAGE: &str = "docs/src/reference/manifest.md";

/// A key no table of the parser takes, written to learn which keys a table does take.
const PROBE: &str = "not-a-key-of-any-table";

/// What a key holds where the parser reads a table within it.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// A table: `checker = { run = "..." }`.
    Table,
    /// Tables by a name the author chooses: `[stages.cases.NAME]`, named `NAME` in the page.
    Named,
    /// An array of tables: `[[stages]]`.
    Array,
}

/// The two files the page documents, each read by its own parser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum File {
    Manifest,
    RuleCases,
}

impl File {
    /// The message with which the parser refuses `text`, if it does.
    fn refusal(self, text: &str) -> Option<String> {
        match self {
            File::Manifest => Kata::parse(
                text,
                Path::new("kata-manifest.toml"),
                Source::Folder(".".into()),
            )
            .err()
            .map(|error| error.message),
            File::RuleCases => rule_cases::parse(Path::new("rules.toml"), text)
                .err()
                .map(|error| error.message),
        }
    }

    /// The tables of the page that document this file's keys, by their first column's header,
    /// with what their keys are under: a rule case's keys are those of a `[[cases]]` table.
    fn of_header(header: &str) -> Option<(File, &'static str)> {
        match header {
            "key" => Some((File::Manifest, "")),
            "key of a case" => Some((File::RuleCases, "cases.")),
            _ => None,
        }
    }
}

/// A manifest whose table at `path` (the keys from the top down, each with what it holds) holds
/// [`PROBE`]: `stages = [{ cases = { NAME = { checker = { PROBE = 1 } } } }]`.
fn probing(path: &[(String, Shape)]) -> String {
    fn table(path: &[(String, Shape)]) -> String {
        match path.split_first() {
            None => format!("{{ {PROBE} = 1 }}"),
            Some(((key, shape), rest)) => format!("{{ {key} = {} }}", holding(*shape, rest)),
        }
    }
    fn holding(shape: Shape, rest: &[(String, Shape)]) -> String {
        let inner = table(rest);
        match shape {
            Shape::Table => inner,
            Shape::Named => format!("{{ NAME = {inner} }}"),
            Shape::Array => format!("[{inner}]"),
        }
    }
    match path.split_first() {
        None => format!("{PROBE} = 1\n"),
        Some(((key, shape), rest)) => format!("{key} = {}\n", holding(*shape, rest)),
    }
}

/// The keys the table at `path` takes, if the parser reads a table there: those it names when it
/// refuses [`PROBE`] in it.
fn keys_of_table(file: File, path: &[(String, Shape)]) -> Option<Vec<String>> {
    let message = file.refusal(&probing(path))?;
    let expected = message
        .strip_prefix(&format!("unknown field `{PROBE}`, expected "))?
        .lines()
        .next()?;
    Some(
        expected
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_owned)
            .collect(),
    )
}

/// Every key the parser of `file` reads, dotted from the top (`stages.cases.NAME.points`), the
/// tables on the way among them.
fn keys_read(file: File) -> BTreeSet<String> {
    fn walk(file: File, path: &mut Vec<(String, Shape)>, name: &str, found: &mut BTreeSet<String>) {
        assert!(
            path.len() < 8,
            "{name}: tables nested deeper than any manifest's"
        );
        let Some(keys) = keys_of_table(file, path) else {
            panic!(
                "{file:?}: no unknown-field refusal listing the keys of {name:?} from:\n{}",
                probing(path)
            );
        };
        for key in keys {
            let mut key_name = format!("{name}{key}");
            found.insert(key_name.clone());
            for shape in [Shape::Table, Shape::Named, Shape::Array] {
                path.push((key.clone(), shape));
                let nested = keys_of_table(file, path).is_some();
                if nested {
                    if let Shape::Named = shape {
                        key_name.push_str(".NAME");
                        found.insert(key_name.clone());
                    }
                    walk(file, path, &format!("{key_name}."), found);
                }
                path.pop();
                if nested {
                    break;
                }
            }
        }
    }
    let mut found = BTreeSet::new();
    walk(file, &mut Vec::new(), "", &mut found);
    found
}

/// The cells of a table's row, split at the `|` that are outside code spans.
pub(crate) fn cells(row: &str) -> Vec<&str> {
    let row = row.trim().trim_start_matches('|').trim_end_matches('|');
    let mut cells = Vec::new();
    let (mut start, mut in_code) = (0, false);
    for (at, c) in row.char_indices() {
        match c {
            '`' => in_code = !in_code,
            '|' if !in_code => {
                cells.push(row[start..at].trim());
                start = at + 1;
            }
            _ => {}
        }
    }
    cells.push(row[start..].trim());
    cells
}

/// The code spans of `text`.
pub(crate) fn spans(text: &str) -> impl Iterator<Item = &str> {
    text.split('`').skip(1).step_by(2).map(str::trim)
}

/// The keys the tables of keys in `page` document, each with its file: the code spans of a row's
/// first column (`[[stages]]` for `stages`), and, for each, the keys of the inline tables its
/// second column shows (`{ run = "COMMAND", args = [...] }` under `stages.checker` documents
/// `stages.checker.run` and `stages.checker.args`). Code blocks are left out.
fn keys_documented(page: &str) -> BTreeSet<(File, String)> {
    let mut found = BTreeSet::new();
    // Within a table, the file its keys are of, if it is a table of keys.
    let mut table: Option<Option<(File, &str)>> = None;
    let mut fenced = false;
    for line in page.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if fenced || !line.starts_with('|') {
            table = None;
            continue;
        }
        let row = cells(line);
        let Some(of) = table else {
            let header = row.first().copied().unwrap_or_default();
            let of = File::of_header(header);
            assert!(
                of.is_some() || !header.starts_with("key"),
                "{PAGE}: a table of keys headed `{header}`, of no file this test knows"
            );
            table = Some(of);
            continue;
        };
        let Some((file, under)) = of else { continue };
        if row
            .iter()
            .all(|cell| cell.chars().all(|c| "-:".contains(c)))
        {
            continue;
        }
        let meaning = row.get(1).copied().unwrap_or_default();
        let inner: Vec<&str> = spans(meaning)
            .filter_map(|span| span.strip_prefix('{')?.strip_suffix('}'))
            .flat_map(|table| table.split(','))
            .filter_map(|pair| Some(pair.split_once('=')?.0.trim()))
            .collect();
        for span in spans(row.first().copied().unwrap_or_default()) {
            let key = format!(
                "{under}{}",
                span.trim_start_matches("[[").trim_end_matches("]]")
            );
            for nested in &inner {
                found.insert((file, format!("{key}.{nested}")));
            }
            found.insert((file, key));
        }
    }
    found
}

/// `keys` with every table on the way to each: `stages.cases.NAME.points` documents that
/// `stages`, `stages.cases` and `stages.cases.NAME` are read too.
fn with_tables_on_the_way(keys: BTreeSet<(File, String)>) -> BTreeSet<(File, String)> {
    let mut all = keys.clone();
    for (file, key) in keys {
        for (at, _) in key.match_indices('.') {
            all.insert((file, key[..at].to_owned()));
        }
    }
    all
}

/// A stage that `Kata::parse` accepts, to which a key is added.
const STAGE: &str = "name = \"k\"\ntitle = \"K\"\n\n[[stages]]\ntitle = \"One\"\n\
    description = \"one.md\"\nfixtures = \"one\"\nreference = { run = \"sh one.sh\" }\n";

/// Keys the manifest's tables take as written but `Kata::parse` then refuses, each with a line
/// of a stage that sets it: a checker's `runs`, the games an interactor plays (a checker judges
/// the one run a case makes), and its `joined`, an interactor's pipes to the program, which the
/// page documents only for an interactor.
const REFUSED: [(&str, &str); 4] = [
    (
        "stages.checker.runs",
        "checker = { run = \"sh judge.sh\", runs = 2 }",
    ),
    (
        "stages.cases.NAME.checker.runs",
        "cases.a.checker = { run = \"sh judge.sh\", runs = 2 }",
    ),
    (
        "stages.checker.joined",
        "checker = { run = \"sh judge.sh\", joined = true }",
    ),
    (
        "stages.cases.NAME.checker.joined",
        "cases.a.checker = { run = \"sh judge.sh\", joined = true }",
    ),
];

fn every_key_is_in_the_reference_and_every_key_it_names_is_read() {
    let page = fs::read_to_string(workspace().join(PAGE))
        .unwrap_or_else(|error| panic!("{PAGE}: {error}"));
    let documented = with_tables_on_the_way(keys_documented(&page));
    let mut read = BTreeSet::new();
    for file in [File::Manifest, File::RuleCases] {
        read.extend(keys_read(file).into_iter().map(|key| (file, key)));
    }
    for (key, line) in REFUSED {
        let without = format!(
            "{STAGE}{}\n",
            line.replace(", runs = 2", "")
                .replace(", joined = true", "")
        );
        let with = format!("{STAGE}{line}\n");
        assert_eq!(
            File::Manifest.refusal(&without),
            None,
            "a manifest without {key}"
        );
        assert!(
            File::Manifest.refusal(&with).is_some(),
            "{key} is accepted now: the page should document it"
        );
        assert!(
            read.remove(&(File::Manifest, key.to_owned())),
            "{key} is no key the parser reads"
        );
    }
    let mut wrong = Vec::new();
    for (file, key) in read.difference(&documented) {
        wrong.push(format!("{file:?}: {key} is read, but not documented"));
    }
    for (file, key) in documented.difference(&read) {
        wrong.push(format!("{file:?}: {key} is documented, but not read"));
    }
    assert!(
        wrong.is_empty(),
        "{PAGE} and the parsers differ:\n{}",
        wrong.join("\n")
    );
}

fn the_keys_documented_are_read_from_the_tables_of_keys() {
    let page = "| key | meaning |\n|---|---|\n| `name` | its name (`a \\| b`) |\n\
        | `[[stages]]` | one a stage |\n\
        | `stages.checker`, `stages.x` | `{ run = \"C\", args = [...] }`, not `timeout = 2` |\n\
        \n```toml\n| `in-code` | not a row |\n```\n\n| option | meaning |\n|---|---|\n\
        | `--lang` | not a key |\n\n| key of a case | meaning |\n|---|---|\n| `runs` | runs |\n";
    let keys: Vec<String> = keys_documented(page)
        .into_iter()
        .map(|(file, key)| format!("{file:?} {key}"))
        .collect();
    assert_eq!(
        keys,
        [
            "Manifest name",
            "Manifest stages",
            "Manifest stages.checker",
            "Manifest stages.checker.args",
            "Manifest stages.checker.run",
            "Manifest stages.x",
            "Manifest stages.x.args",
            "Manifest stages.x.run",
            "RuleCases cases.runs",
        ]
    );
}

fn the_keys_read_are_found_by_asking_the_parser() {
    assert_eq!(
        probing(&[
            ("stages".to_owned(), Shape::Array),
            ("cases".to_owned(), Shape::Named),
            ("checker".to_owned(), Shape::Table),
        ]),
        format!("stages = [{{ cases = {{ NAME = {{ checker = {{ {PROBE} = 1 }} }} }} }}]\n")
    );
    let read = keys_read(File::Manifest);
    for key in [
        "name",
        "stages",
        "stages.reference.built-in",
        "stages.cases",
        "stages.cases.NAME",
        "stages.cases.NAME.interactor.runs",
    ] {
        assert!(read.contains(key), "{key} not found among {read:#?}");
    }
    // A key that holds no table is not asked into.
    assert!(!read.iter().any(|key| key.starts_with("stages.order.")));
}
