//! The package's input validators (`input_validators/`, legacy's older
//! `input_format_validators/`, and a lone `input_validator/`), the arguments each test case
//! gives them (`input_validator_args`, legacy `input_validator_flags`), and the inputs they must
//! reject (`data/invalid_input/`, or BAPCtools' older `data/invalid_inputs/`). Read only:
//! running them is the caller's.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::metadata::{OneOrMany, parse};
use super::reading::{PackageError, sorted_names};
use languages::Language;

/// The folders that hold input validators, each entry one validator.
const FOLDERS: [&str; 2] = ["input_validators", "input_format_validators"];
/// A folder that is one input validator, or holds them.
const LONE: &str = "input_validator";
/// The folders of inputs that the input validators must reject.
const INVALID: [&str; 2] = ["invalid_input", "invalid_inputs"];

/// An input validator of the package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputValidator {
    /// Its path in the package, such as `input_validators/validate.py`.
    pub name: String,
    /// Its file, or the folder holding its files.
    pub source: PathBuf,
    /// What it is written in.
    pub kind: InputValidatorKind,
}

impl InputValidator {
    /// The name `input_validator_args` of a map gives its arguments under: its file's or
    /// folder's name, with or without the extension.
    fn answers_to(&self, key: &str) -> bool {
        let file = Path::new(&self.name);
        file.file_name().is_some_and(|name| name == key)
            || file.file_stem().is_some_and(|stem| stem == key)
    }
}

/// What an input validator is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputValidatorKind {
    /// A program, built and run as the package's other programs are.
    Program(Language),
    /// A Checktestdata script (`.ctd`).
    Checktestdata,
    /// A VIVA script (`.viva`).
    Viva,
}

/// The arguments a test case gives the input validators: the same to each, or each its own by
/// name (a validator the map does not name gets none).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputArgs {
    all: Vec<String>,
    by_name: Option<BTreeMap<String, Vec<String>>>,
}

impl InputArgs {
    /// The arguments `validator` is run with.
    #[must_use]
    pub fn of(&self, validator: &InputValidator) -> &[String] {
        match &self.by_name {
            None => &self.all,
            Some(map) => map
                .iter()
                .find(|(key, _)| validator.answers_to(key))
                .map_or(&[], |(_, args)| args.as_slice()),
        }
    }
}

/// `input_validator_args` (`2023-07`, `2025-09`) or `input_validator_flags` (legacy) as written.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub(super) enum InputArgsYaml {
    /// Legacy's map: one validator's name and its flags.
    Named { name: String, flags: String },
    /// The same arguments to each: a list, or (legacy) a string of words.
    Words(OneOrMany),
    /// Each validator's own, by name.
    Map(BTreeMap<String, OneOrMany>),
}

impl InputArgsYaml {
    pub(super) fn args(&self) -> InputArgs {
        match self {
            InputArgsYaml::Named { name, flags } => InputArgs {
                all: Vec::new(),
                by_name: Some(BTreeMap::from([(
                    name.clone(),
                    flags.split_whitespace().map(str::to_owned).collect(),
                )])),
            },
            InputArgsYaml::Words(words) => InputArgs {
                all: words.words(),
                by_name: None,
            },
            InputArgsYaml::Map(map) => InputArgs {
                all: Vec::new(),
                by_name: Some(
                    map.iter()
                        .map(|(name, args)| (name.clone(), args.words()))
                        .collect(),
                ),
            },
        }
    }
}

/// An input the input validators must reject.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidInput {
    /// Its path under `data/` without the extension, such as `invalid_input/negative`.
    pub name: String,
    /// The `.in` file.
    pub input: PathBuf,
    /// The arguments it gives the input validators.
    pub args: InputArgs,
}

/// The input validators of the package in `folder`, in the order of their paths.
pub(super) fn find(folder: &Path) -> Result<Vec<InputValidator>, PackageError> {
    let mut found = Vec::new();
    for name in FOLDERS {
        let dir = folder.join(name);
        if dir.is_dir() {
            found.extend(entries(&dir, name)?);
        }
    }
    let lone = folder.join(LONE);
    if lone.is_dir() && Language::of_program(&lone) != Language::Unknown {
        found.push(validator(lone, LONE.to_owned()));
    } else if lone.is_dir() {
        found.extend(entries(&lone, LONE)?);
    }
    Ok(found)
}

/// Each program in `dir` (named `name` in the package): a file of a known language or script,
/// or a folder. Other files (headers, notes) are none.
fn entries(dir: &Path, name: &str) -> Result<Vec<InputValidator>, PackageError> {
    let mut found = Vec::new();
    for entry in sorted_names(dir)? {
        let path = dir.join(&entry);
        let one = validator(path.clone(), format!("{name}/{entry}"));
        if path.is_dir() || one.kind != InputValidatorKind::Program(Language::Unknown) {
            found.push(one);
        }
    }
    Ok(found)
}

fn validator(source: PathBuf, name: String) -> InputValidator {
    let kind = match source.extension().and_then(|extension| extension.to_str()) {
        Some("ctd") if source.is_file() => InputValidatorKind::Checktestdata,
        Some("viva") if source.is_file() => InputValidatorKind::Viva,
        _ => InputValidatorKind::Program(Language::of_program(&source)),
    };
    InputValidator { name, source, kind }
}

/// The keys of a group's or a case's YAML file that invalid inputs read; the others are the
/// valid cases' reading's to check.
#[derive(Clone, Debug, Default, Deserialize)]
struct ArgsOnly {
    input_validator_args: Option<InputArgsYaml>,
    input_validator_flags: Option<InputArgsYaml>,
}

impl ArgsOnly {
    fn args(&self) -> Option<InputArgs> {
        self.input_validator_args
            .as_ref()
            .or(self.input_validator_flags.as_ref())
            .map(InputArgsYaml::args)
    }
}

/// The invalid inputs of the package in `folder`, every `.in` file under `data/invalid_input/`
/// (and `data/invalid_inputs/`) in the order of their paths, each with the arguments its own
/// `.yaml`, else its closest group's, gives.
pub(super) fn invalid(folder: &Path) -> Result<Vec<InvalidInput>, PackageError> {
    let mut found = Vec::new();
    for name in INVALID {
        let dir = folder.join("data").join(name);
        if dir.is_dir() {
            invalid_in(&dir, name, &InputArgs::default(), &mut found)?;
        }
    }
    Ok(found)
}

fn invalid_in(
    dir: &Path,
    path: &str,
    inherited: &InputArgs,
    found: &mut Vec<InvalidInput>,
) -> Result<(), PackageError> {
    let mut here = inherited.clone();
    for file in ["test_group.yaml", "testdata.yaml"] {
        let file = dir.join(file);
        if file.is_file() {
            if let Some(args) = parse::<ArgsOnly>(&file)?.args() {
                here = args;
            }
            break;
        }
    }
    for name in sorted_names(dir)? {
        let entry = dir.join(&name);
        if entry.is_dir() && !name.contains('.') {
            invalid_in(&entry, &format!("{path}/{name}"), &here, found)?;
        } else if let Some(base) = name.strip_suffix(".in") {
            let own = dir.join(format!("{base}.yaml"));
            let args = if own.is_file() {
                parse::<ArgsOnly>(&own)?.args()
            } else {
                None
            };
            found.push(InvalidInput {
                name: format!("{path}/{base}"),
                input: entry,
                args: args.unwrap_or_else(|| here.clone()),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::fs;

    use super::*;

    #[test]
    fn finds_each_program_of_the_folders_and_leaves_out_other_files() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let validators = dir.path().join("input_validators");
        fs::create_dir_all(validators.join("in_a_folder")).expect("folder");
        for name in ["validate.py", "format.ctd", "notes.md", "in_a_folder/v.cpp"] {
            fs::write(validators.join(name), "").expect("write");
        }
        let found = find(dir.path()).expect("read");
        let named: Vec<(&str, InputValidatorKind)> = found
            .iter()
            .map(|validator| (validator.name.as_str(), validator.kind))
            .collect();
        assert_eq!(
            named,
            [
                (
                    "input_validators/format.ctd",
                    InputValidatorKind::Checktestdata
                ),
                (
                    "input_validators/in_a_folder",
                    InputValidatorKind::Program(Language::Cpp)
                ),
                (
                    "input_validators/validate.py",
                    InputValidatorKind::Program(Language::Python3)
                ),
            ]
        );
    }

    #[test]
    fn arguments_by_name_go_to_the_validator_named() {
        let yaml: InputArgsYaml =
            serde_saphyr::from_str("{validate: [--max, '10'], other.py: [-x]}").expect("YAML");
        let args = yaml.args();
        let validator = |name: &str| InputValidator {
            name: format!("input_validators/{name}"),
            source: PathBuf::from(name),
            kind: InputValidatorKind::Program(Language::Python3),
        };
        assert_eq!(args.of(&validator("validate.py")), ["--max", "10"]);
        assert_eq!(args.of(&validator("other.py")), ["-x"]);
        assert!(args.of(&validator("third.py")).is_empty());
        let legacy: InputArgsYaml =
            serde_saphyr::from_str("{name: validate, flags: '--small 3'}").expect("YAML");
        assert_eq!(
            legacy.args().of(&validator("validate.py")),
            ["--small", "3"]
        );
        let words: InputArgsYaml = serde_saphyr::from_str("[a, b]").expect("YAML");
        assert_eq!(words.args().of(&validator("x.py")), ["a", "b"]);
    }

    #[test]
    fn invalid_inputs_take_their_groups_arguments_unless_they_give_their_own() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let invalid = dir.path().join("data/invalid_input");
        fs::create_dir_all(invalid.join("big")).expect("folder");
        fs::write(invalid.join("negative.in"), "-1\n").expect("write");
        fs::write(
            invalid.join("big/test_group.yaml"),
            "input_validator_args: [--big]\n",
        )
        .expect("write");
        fs::write(invalid.join("big/huge.in"), "1e99\n").expect("write");
        fs::write(invalid.join("big/own.in"), "1e99\n").expect("write");
        fs::write(
            invalid.join("big/own.yaml"),
            "input_validator_args: [--own]\n",
        )
        .expect("write");
        let found = super::invalid(dir.path()).expect("read");
        let any = InputValidator {
            name: "input_validators/v.py".to_owned(),
            source: PathBuf::from("v.py"),
            kind: InputValidatorKind::Program(Language::Python3),
        };
        let named: Vec<(&str, &[String])> = found
            .iter()
            .map(|input| (input.name.as_str(), input.args.of(&any)))
            .collect();
        assert_eq!(
            named,
            [
                ("invalid_input/big/huge", &["--big".to_owned()][..]),
                ("invalid_input/big/own", &["--own".to_owned()][..]),
                ("invalid_input/negative", &[][..]),
            ]
        );
    }
}
