//! The katas of the workspace under test, found at run time from their manifests: the kata at
//! the workspace's root (Tic-Tac-Toe), and each kata in a folder of its own under `katas/`.

use std::fs;
use std::path::PathBuf;
use std::sync::OnceLock;

use kata_model::kata::{self, Kata, Reference};

/// The workspace under test: the folder above this package, found at run time.
pub(crate) fn workspace() -> PathBuf {
    let tests = test_support::manifest_dir();
    tests.parent().map_or(tests.clone(), PathBuf::from)
}

/// Every kata of the workspace, the root's first, each read once; or why one cannot be read.
pub(crate) fn all() -> &'static Result<Vec<Kata>, String> {
    static KATAS: OnceLock<Result<Vec<Kata>, String>> = OnceLock::new();
    KATAS.get_or_init(|| {
        let workspace = workspace();
        let mut folders = vec![workspace.clone()];
        let mut others: Vec<PathBuf> = fs::read_dir(workspace.join("katas"))
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .map(|entry| entry.path())
                    .filter(|folder| folder.join(kata::MANIFEST).is_file())
                    .collect()
            })
            .unwrap_or_default();
        others.sort();
        folders.extend(others);
        folders
            .iter()
            .map(|folder| Kata::load(folder).map_err(|error| error.to_string()))
            .collect()
    })
}

/// The kata at the workspace's root, whose tests are named `stageN::...` without its name.
pub(crate) fn root() -> &'static Kata {
    match all() {
        Ok(katas) if !katas.is_empty() => &katas[0],
        Ok(_) => panic!("the workspace has no kata"),
        Err(error) => panic!("{error}"),
    }
}

/// The prefix of the names of `kata`'s tests: none for the root's, `NAME::` for the others.
pub(crate) fn prefix(kata: &Kata) -> String {
    if kata.folder() == Some(workspace().as_path()) {
        String::new()
    } else {
        format!("{}::", kata.name)
    }
}

/// The names of the programs built into the grader that the katas' references name: the
/// workspace's packages to build for the tests.
pub(crate) fn built_in_references() -> Vec<String> {
    let mut names: Vec<String> = all()
        .as_ref()
        .map(|katas| {
            katas
                .iter()
                .flat_map(|kata| &kata.stages)
                .filter_map(|stage| match &stage.reference {
                    Reference::BuiltIn(name) => Some(name.clone()),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names.dedup();
    names
}
