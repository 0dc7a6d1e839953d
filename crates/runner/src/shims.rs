//! A command whose program is a version manager's shim (pyenv, asdf, rbenv, nodenv, mise) pays
//! the manager's start at every run: a shell script, and the manager working out the version
//! each time, as long again as the interpreter's own start. A case of a stage judged by rules
//! runs its program a hundred times, so the shim is resolved once, to the interpreter it would
//! start, by asking the manager itself (`pyenv which python3`) in the program's folder and the
//! grader's environment, where it reads the same version files the shim would.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{LazyLock, Mutex, MutexGuard};

use crate::program::Program;

/// The version managers whose shims are resolved, each by the folder its shims are in.
const MANAGERS: [(&str, &str); 5] = [
    ("pyenv", ".pyenv/shims"),
    ("asdf", ".asdf/shims"),
    ("rbenv", ".rbenv/shims"),
    ("nodenv", ".nodenv/shims"),
    ("mise", "mise/shims"),
];

/// A shim resolved: which manager's, and the interpreter it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The manager: `pyenv`.
    pub manager: &'static str,
    /// The program as the command names it: `python3`.
    pub named: String,
    /// The interpreter the shim would start.
    pub interpreter: PathBuf,
}

impl Resolved {
    /// The line the report opens with, so that the grader's choice is never hidden.
    #[must_use]
    pub fn note(&self) -> String {
        format!(
            "`{}` is {}'s shim: run as {}, the interpreter it starts here, without the shim's \
             own start at every run",
            self.named,
            self.manager,
            self.interpreter.display()
        )
    }
}

/// What each shim in each folder resolved to, so that a class asks each manager once.
type Seen = HashMap<(PathBuf, Option<PathBuf>), Option<Resolved>>;

fn seen() -> MutexGuard<'static, Seen> {
    static SEEN: LazyLock<Mutex<Seen>> = LazyLock::new(Mutex::default);
    crate::mutex::lock(&SEEN)
}

/// `program` with its shim resolved to the interpreter it starts, and what was resolved; `None`
/// when its program is no shim of a known manager, or the manager cannot say.
#[must_use]
pub fn resolve(program: &Program) -> Option<(Program, Resolved)> {
    let named = program.argv().first()?;
    let shim = crate::launch::locate(Path::new(named))?;
    let key = (shim.clone(), program.folder().map(Path::to_owned));
    let resolved = seen()
        .entry(key)
        .or_insert_with(|| ask_manager(&shim, program.folder()))
        .clone()?;
    let interpreter = resolved.interpreter.clone().into_os_string();
    Some((program.clone().with_executable(interpreter), resolved))
}

/// Asks the manager whose shim `shim` is which interpreter it starts in `folder`.
fn ask_manager(shim: &Path, folder: Option<&Path>) -> Option<Resolved> {
    let shims = shim.parent()?;
    let (manager, root) = MANAGERS.iter().find_map(|&(manager, ends)| {
        let root = shims.ends_with(ends).then(|| shims.parent())??;
        Some((manager, root))
    })?;
    let named = shim.file_name()?.to_string_lossy().into_owned();
    // The manager of the shim's own folder first, as its installer puts it, else on PATH; with
    // the root its shims set, as they do.
    let own = [
        root.join("bin").join(manager),
        root.join("libexec").join(manager),
    ];
    let manager_path = own
        .into_iter()
        .find(|path| path.is_file())
        .unwrap_or_else(|| PathBuf::from(manager));
    let mut command = Command::new(&manager_path);
    command
        .args(["which", &named])
        .stdin(Stdio::null())
        .stderr(Stdio::null());
    if let Some(variable) = root_variable(manager) {
        command.env(variable, root);
    }
    if let Some(folder) = folder {
        command.current_dir(folder);
    }
    let mut which = crate::reaper::while_no_case_starts(|| command.output())
        .ok()
        .filter(|output| output.status.success())?;
    while which.stdout.last().is_some_and(u8::is_ascii_whitespace) {
        which.stdout.pop();
    }
    let interpreter = PathBuf::from(String::from_utf8(which.stdout).ok()?);
    let usable = interpreter.is_absolute()
        && interpreter.is_file()
        && !interpreter
            .parent()
            .is_some_and(|folder| folder.ends_with("shims"));
    usable.then_some(Resolved {
        manager,
        named,
        interpreter,
    })
}

/// The variable by which `manager`'s shims name its root, for those that set one.
fn root_variable(manager: &str) -> Option<&'static str> {
    match manager {
        "pyenv" => Some("PYENV_ROOT"),
        "rbenv" => Some("RBENV_ROOT"),
        "nodenv" => Some("NODENV_ROOT"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::os::unix::fs::PermissionsExt;

    /// A fake manager in a folder laid out as pyenv's: a shim, and a `bin/pyenv` that answers
    /// `which` with the interpreter it would start.
    #[test]
    fn a_pyenv_shim_is_resolved_by_asking_pyenv_in_the_programs_folder() {
        let root = tempfile::tempdir().expect("a temporary folder");
        let pyenv = root.path().join(".pyenv");
        let interpreter = pyenv.join("versions/3.11.7/bin/python3");
        for (path, text) in [
            (
                pyenv.join("shims/python3"),
                "#!/bin/sh\nexit 9\n".to_owned(),
            ),
            (
                pyenv.join("bin/pyenv"),
                format!(
                    "#!/bin/sh\n[ \"$1 $2\" = 'which python3' ] && [ -f .python-version ] && \
                     echo {}\n",
                    interpreter.display()
                ),
            ),
            (interpreter.clone(), "#!/bin/sh\n".to_owned()),
        ] {
            fs::create_dir_all(path.parent().expect("a folder")).expect("made");
            fs::write(&path, text).expect("written");
            fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).expect("chmod");
        }
        let project = root.path().join("project");
        fs::create_dir(&project).expect("made");
        fs::write(project.join(".python-version"), "3.11.7\n").expect("written");
        let shim = pyenv.join("shims/python3");
        let program =
            Program::command(vec![shim.clone().into(), "main.py".into()]).in_folder(&project);
        let (resolved, what) = resolve(&program).expect("resolved");
        assert_eq!(resolved.argv()[0], interpreter.as_os_str());
        assert_eq!(resolved.argv()[1], "main.py");
        assert_eq!(resolved.folder(), Some(project.as_path()));
        assert_eq!(what.manager, "pyenv");
        // Where pyenv cannot say (no version file), the shim is run as it is.
        let elsewhere = Program::command(vec![shim.into()]).in_folder(root.path());
        assert_eq!(resolve(&elsewhere), None);
        // A program that is no shim is left alone.
        assert_eq!(resolve(&Program::command(vec!["sh".into()])), None);
    }
}
