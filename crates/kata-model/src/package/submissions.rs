//! The example submissions under `submissions/<verdict>/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::de::IgnoredAny;

use super::metadata::parse;
use super::reading::{PackageError, sorted_names};
use languages::Language;

/// The file of `submissions/` in which later versions set what submissions must get.
pub const SUBMISSIONS_YAML: &str = "submissions.yaml";

/// The verdict an example submission is expected to get: the folder it is in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ExpectedVerdict {
    /// `accepted`: accepted on every case.
    Accepted,
    /// `partially_accepted` (legacy, scoring problems): accepted, with less than the full score.
    PartiallyAccepted,
    /// `wrong_answer`: a wrong answer on some case, and no other failure.
    WrongAnswer,
    /// `time_limit_exceeded`: too slow on some case.
    TimeLimitExceeded,
    /// `run_time_error`: crashes on some case.
    RunTimeError,
    /// `rejected` (`2023-07`): not accepted on some case, whatever the failure.
    Rejected,
    /// `brute_force` (`2023-07`): never a wrong answer, but too slow or crashing on some case.
    BruteForce,
    /// Another folder, which a `2023-07` package defines in its `submissions.yaml`.
    Other(String),
}

impl ExpectedVerdict {
    /// The verdict of a folder of `submissions/`.
    #[must_use]
    pub fn from_folder(name: &str) -> ExpectedVerdict {
        match name {
            "accepted" => ExpectedVerdict::Accepted,
            "partially_accepted" => ExpectedVerdict::PartiallyAccepted,
            "wrong_answer" => ExpectedVerdict::WrongAnswer,
            "time_limit_exceeded" => ExpectedVerdict::TimeLimitExceeded,
            "run_time_error" => ExpectedVerdict::RunTimeError,
            "rejected" => ExpectedVerdict::Rejected,
            "brute_force" => ExpectedVerdict::BruteForce,
            other => ExpectedVerdict::Other(other.to_owned()),
        }
    }

    /// The folder of `submissions/` that holds a submission expected to get this.
    #[must_use]
    pub fn folder(&self) -> &str {
        match self {
            ExpectedVerdict::Accepted => "accepted",
            ExpectedVerdict::PartiallyAccepted => "partially_accepted",
            ExpectedVerdict::WrongAnswer => "wrong_answer",
            ExpectedVerdict::TimeLimitExceeded => "time_limit_exceeded",
            ExpectedVerdict::RunTimeError => "run_time_error",
            ExpectedVerdict::Rejected => "rejected",
            ExpectedVerdict::BruteForce => "brute_force",
            ExpectedVerdict::Other(name) => name,
        }
    }
}

/// An example submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submission {
    /// Its path under `submissions/`, such as `accepted/mean.c`.
    pub name: String,
    /// Its file, or the folder holding its files.
    pub path: PathBuf,
    /// The verdict it is expected to get.
    pub expected: ExpectedVerdict,
    /// Its language.
    pub language: Language,
    /// Whether a key of [`SUBMISSIONS_YAML`] names it, its folder, or a pattern that matches
    /// either: what it must get is what the file's rules say ([`super::Expectations`]), its
    /// folder's defaults among them.
    pub in_submissions_yaml: bool,
    /// The file of a submission of several that the program starts from, where
    /// [`SUBMISSIONS_YAML`] gives it (`entrypoint`): by default the language's own rule.
    pub entrypoint: Option<String>,
}

/// The submissions of the package in `folder`: each file or folder in a folder of
/// `submissions/`, in the order of their paths; and the paths under `submissions/` of the
/// entries there that are no programs ([`is_program`]). Files directly in `submissions/` (such
/// as `submissions.yaml` or a README) are neither.
pub(super) fn find(folder: &Path) -> Result<(Vec<Submission>, Vec<String>), PackageError> {
    let root = folder.join("submissions");
    if !root.is_dir() {
        return Ok((Vec::new(), Vec::new()));
    }
    let yaml = root.join(SUBMISSIONS_YAML);
    let patterns: Vec<String> = if yaml.is_file() {
        parse::<BTreeMap<String, IgnoredAny>>(&yaml)?
            .into_keys()
            .flat_map(|key| expand_braces(&key))
            .collect()
    } else {
        Vec::new()
    };
    let mut submissions = Vec::new();
    let mut ignored = Vec::new();
    for verdict in sorted_names(&root)? {
        let dir = root.join(&verdict);
        if !dir.is_dir() {
            continue;
        }
        for name in sorted_names(&dir)? {
            let path = dir.join(&name);
            let name = format!("{verdict}/{name}");
            if !is_program(&path) {
                ignored.push(name);
                continue;
            }
            submissions.push(Submission {
                in_submissions_yaml: patterns.iter().any(|pattern| matches(pattern, &name)),
                name,
                expected: ExpectedVerdict::from_folder(&verdict),
                language: Language::of_program(&path),
                path,
                entrypoint: None,
            });
        }
    }
    Ok((submissions, ignored))
}

/// Whether an entry of a folder of `submissions/` is a program: a file whose extension is a
/// language's of the format, or a folder whose name has no extension, or a language's. Others
/// are kept there but not run, as the format's tools leave them: `a.cc.disabled`,
/// `name.cpp.template`, `notes.md`, a `README`, `hello.bash` (Bash's extension is `.sh`).
#[must_use]
pub fn is_program(path: &Path) -> bool {
    let extension = path.extension().and_then(|extension| extension.to_str());
    if path.is_dir() {
        return extension.is_none_or(|extension| languages::by_extension(extension).is_some());
    }
    extension.and_then(languages::by_extension).is_some()
}

/// The ignored entries of `submissions/`, in words: how many, by extension ("14 `.disabled`,
/// 1 `.template`"; "no extension" for those without).
#[must_use]
pub fn ignored_said(ignored: &[String]) -> String {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for name in ignored {
        let extension = Path::new(name).extension().map_or_else(
            || "no extension".to_owned(),
            |extension| format!("`.{}`", extension.to_string_lossy()),
        );
        *counts.entry(extension).or_default() += 1;
    }
    counts
        .iter()
        .map(|(extension, count)| format!("{count} {extension}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether the pattern of a key of [`SUBMISSIONS_YAML`] matches the submission `name` (such
/// as `accepted/a.py`) or its folder: `*` matches within a name, never across a `/`.
pub(super) fn matches(pattern: &str, name: &str) -> bool {
    let pattern: Vec<&str> = pattern.trim_matches('/').split('/').collect();
    let name: Vec<&str> = name.split('/').collect();
    pattern.len() <= name.len()
        && pattern
            .iter()
            .zip(&name)
            .all(|(pattern, part)| wildcard(pattern.trim(), part))
}

/// Whether `text` is `pattern`, each `*` in it standing for any run of characters.
fn wildcard(pattern: &str, text: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == text,
        Some((head, tail)) => {
            let Some(rest) = text.strip_prefix(head) else {
                return false;
            };
            (0..=rest.len())
                .filter(|at| rest.is_char_boundary(*at))
                .any(|at| wildcard(tail, &rest[at..]))
        }
    }
}

/// The patterns a key stands for once its braces are expanded: `ac.{py,cpp}` is `ac.py` and
/// `ac.cpp`, and `*{ 4 }` is `*4`; a brace without its match is kept as it is.
pub(super) fn expand_braces(key: &str) -> Vec<String> {
    let Some(open) = key.find('{') else {
        return vec![key.to_owned()];
    };
    let Some(close) = key[open..].find('}').map(|at| open + at) else {
        return vec![key.to_owned()];
    };
    let (head, tail) = (&key[..open], &key[close + 1..]);
    key[open + 1..close]
        .split(',')
        .flat_map(|choice| expand_braces(&format!("{head}{}{tail}", choice.trim())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_of_submissions_yaml_match_submissions_and_their_folders() {
        let keys = ["mixed", "expansion/ac.{py,cpp}", "*/nested_wa.py", "wa/ac*"];
        let patterns: Vec<String> = keys.iter().flat_map(|key| expand_braces(key)).collect();
        let named = |name: &str| patterns.iter().any(|pattern| matches(pattern, name));
        for name in [
            "mixed/a.py",
            "expansion/ac.cpp",
            "expansion/ac.py",
            "x/nested_wa.py",
            "wa/ac.py",
        ] {
            assert!(named(name), "{name}");
        }
        for name in [
            "accepted/a.py",
            "expansion/ac.c",
            "wa/wa.py",
            "mixed_up/a.py",
        ] {
            assert!(!named(name), "{name}");
        }
    }

    #[test]
    fn a_verdicts_folder_names_it_back() {
        for folder in [
            "accepted",
            "partially_accepted",
            "wrong_answer",
            "time_limit_exceeded",
            "run_time_error",
            "rejected",
            "brute_force",
            "too_slow_sometimes",
        ] {
            assert_eq!(ExpectedVerdict::from_folder(folder).folder(), folder);
        }
    }

    #[test]
    fn files_that_are_no_programs_are_ignored_and_counted() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let accepted = dir.path().join("submissions/accepted");
        std::fs::create_dir_all(accepted.join("multi")).expect("folder");
        std::fs::create_dir_all(accepted.join("multi.java.disabled")).expect("folder");
        for name in [
            "a.cc",
            "b.cc.disabled",
            "c.c.disabled",
            "d.cpp.template",
            "notes.md",
        ] {
            std::fs::write(accepted.join(name), "").expect("write");
        }
        std::fs::write(accepted.join("README"), "").expect("write");
        let (submissions, ignored) = find(dir.path()).expect("read");
        let names: Vec<&str> = submissions.iter().map(|one| one.name.as_str()).collect();
        assert_eq!(names, ["accepted/a.cc", "accepted/multi"]);
        assert_eq!(
            ignored_said(&ignored),
            "3 `.disabled`, 1 `.md`, 1 `.template`, 1 no extension"
        );
    }
}
