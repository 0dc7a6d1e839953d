//! Building a program of a package (an output validator or a submission) from its source into a
//! command line that runs it, with the compiler of its language, bounded in time; and keeping
//! a validator built in a cache, under the digest of its sources, so that it is built once.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::fs;
use std::io::{self, Read};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use languages::{Paths, Recipe, Start};

use kata_model::package::{Language, Package, Submission};
use runner::reaper;

/// How long a compiler may take before it is stopped.
pub const COMPILE_TIME_LIMIT: Duration = Duration::from_secs(60);

/// The most of a compiler's output that a [`BuildError::Failed`] keeps, in bytes.
const MESSAGE_LIMIT: usize = 64 * 1024;

/// Why a program could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// A tool the language needs is not installed (not on the `PATH`): callers may skip the
    /// program, saying so.
    ToolMissing {
        /// The tool, such as `kotlinc`.
        tool: String,
    },
    /// The compiler rejected the source.
    Failed {
        /// The compiler.
        tool: String,
        /// What it wrote, its standard error then its standard output.
        message: String,
    },
    /// The compiler took longer than [`COMPILE_TIME_LIMIT`] and was stopped.
    TimedOut {
        /// The compiler.
        tool: String,
    },
    /// The source is in a language the format names, which no program here is built or run in:
    /// callers may skip the program, saying so.
    NotRunHere {
        /// The language's name.
        language: String,
    },
    /// The source is in no language this builds.
    UnknownLanguage {
        /// The program.
        source: PathBuf,
    },
    /// The program's entry point cannot be told: a folder with no main file, or several.
    NoEntryPoint {
        /// The program.
        source: PathBuf,
        /// What was looked for.
        looked_for: String,
    },
    /// A file could not be read, written or started.
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::ToolMissing { tool } => write!(f, "`{tool}` is not installed"),
            BuildError::NotRunHere { language } => {
                write!(f, "programs in {language} are not run here")
            }
            BuildError::Failed { tool, message } => write!(f, "`{tool}` failed:\n{message}"),
            BuildError::TimedOut { tool } => write!(
                f,
                "`{tool}` took longer than {} s and was stopped",
                COMPILE_TIME_LIMIT.as_secs()
            ),
            BuildError::UnknownLanguage { source } => {
                write!(
                    f,
                    "{}: the language of the program is unknown",
                    source.display()
                )
            }
            BuildError::NoEntryPoint { source, looked_for } => {
                write!(f, "{}: no entry point: {looked_for}", source.display())
            }
            BuildError::Io { path, message } => write!(f, "{}: {message}", path.display()),
        }
    }
}

impl std::error::Error for BuildError {}

/// Builds the program at `source` (a file, or a folder holding its files, all of which are
/// compiled) in `language`, with what it makes in the folder `into` (made if missing); the
/// command line that runs it.
///
/// Each language is built and run by its [`Recipe`], as a learner's project in it is, with the
/// program's paths: what the build makes is named in `into` (`<into>/program`), a folder's
/// sources are its files in the language, and the source's folder is the one headers are
/// found in (a validator's `validate.h` beside it). A language whose build writes beside its
/// sources (Python) is built from a copy in `into`, so that the package is left as it was.
/// Build and run scripts (validators): the folder copied into `into`, `build` run there with
/// `sh`; run as `<into>/run`.
///
/// # Errors
///
/// A missing compiler or runtime ([`BuildError::ToolMissing`], so callers can skip visibly), a
/// language the format names that nothing here runs ([`BuildError::NotRunHere`]), a
/// failed compile with the compiler's message, a compiler stopped after
/// [`COMPILE_TIME_LIMIT`], an unknown language, or a folder without a clear entry point.
pub fn build(source: &Path, language: Language, into: &Path) -> Result<Vec<OsString>, BuildError> {
    build_from(source, MainFile::default(), language, into)
}

/// Which file of a folder a program starts from, beside its language's name for one
/// (`main.py`, `main.rs`, the class `Main`).
#[derive(Clone, Copy, Debug, Default)]
struct MainFile<'a> {
    /// The one its package names (`entrypoint` of `submissions.yaml`): before the language's.
    given: Option<&'a OsStr>,
    /// A submission's own file, where included files were added to it: after the language's.
    own: Option<&'a OsStr>,
}

/// [`build`], with the files of the folder `include` (a package's `include/<language>/`) added
/// to the program's, replacing any of the same name, as the format has a package's included
/// files: both are copied into `<into>/source` and built from there as one folder. A
/// submission of one file stays the main one, unless an included file has its language's name
/// for a main file (`__main__.py` or `main.py`, `main.js`, `main.rs`, `Main.java`): a driver,
/// which the format asks be so named.
///
/// # Errors
///
/// As [`build`]; [`BuildError::Io`] when the files cannot be copied.
pub fn build_including(
    source: &Path,
    language: Language,
    include: Option<&Path>,
    into: &Path,
) -> Result<Vec<OsString>, BuildError> {
    build_submission(source, (language, None), include, into)
}

/// [`build_including`], the program started from `entrypoint` where its package names one (a
/// file of its folder, or for Java its main class), whatever its language would take.
///
/// # Errors
///
/// As [`build_including`].
pub fn build_submission(
    source: &Path,
    (language, entrypoint): (Language, Option<&str>),
    include: Option<&Path>,
    into: &Path,
) -> Result<Vec<OsString>, BuildError> {
    let given = entrypoint.map(OsStr::new);
    let Some(include) = include else {
        return build_from(source, MainFile { given, own: None }, language, into);
    };
    let staged = into.join("source");
    fs::create_dir_all(&staged).map_err(|error| io_error(&staged, &error))?;
    copy(source, &staged)?;
    copy(include, &staged)?;
    let own = (!source.is_dir()).then(|| source.file_name()).flatten();
    build_from(&staged, MainFile { given, own }, language, into)
}

/// [`build`], where `main` names the file of a folder taken as its main one when none has the
/// language's name for it.
fn build_from(
    source: &Path,
    main: MainFile<'_>,
    language: Language,
    into: &Path,
) -> Result<Vec<OsString>, BuildError> {
    fs::create_dir_all(into).map_err(|error| io_error(into, &error))?;
    let Some(recipe) = Recipe::of(language) else {
        return match language {
            Language::Scripts => build_scripts(source, into),
            Language::Named(named) => Err(BuildError::NotRunHere {
                language: named.name.to_owned(),
            }),
            _ => Err(BuildError::UnknownLanguage {
                source: source.to_path_buf(),
            }),
        };
    };
    if let Some(runtime) = recipe.runtime {
        needs(runtime)?;
    }
    let from = if recipe.writes_beside_sources {
        copy(source, into)?;
        copied(source, into)
    } else {
        source.to_path_buf()
    };
    let files = sources(&from, language)?;
    let in_folder = from.is_dir();
    // Found before the compiler starts: a folder without one is the fault, whatever its files
    // say.
    let start = match recipe.start {
        Start::Whole => None,
        Start::File { .. } => recipe
            .start_file(&files, in_folder.then_some(&*from), main.given, main.own)
            .map(PathBuf::into_os_string),
        Start::Class { .. } => recipe
            .start_class(
                &files,
                in_folder,
                main.given.map(OsStr::to_string_lossy).as_deref(),
            )
            .map(OsString::from),
    };
    if start.is_none() && recipe.start != Start::Whole {
        return Err(no_entry(source, &recipe.looked_for()));
    }
    let folder = if in_folder {
        &*from
    } else {
        from.parent().unwrap_or(Path::new("."))
    };
    let paths = Paths {
        sources: files.into_iter().map(PathBuf::into_os_string).collect(),
        start,
        source_folder: folder.as_os_str().to_owned(),
        made: recipe
            .made
            .map(|made| into.join(made.name).into_os_string()),
    };
    let mut build = recipe.build_line(&paths).into_iter();
    let mut command = Command::new(build.next().unwrap_or_default());
    command.args(build);
    run(command, recipe.compiler())?;
    Ok(recipe.run_line(&paths))
}

/// Builds a validator of build and run scripts: its folder copied into `into`, its `build` run
/// there with `sh`; run as `<into>/run`.
fn build_scripts(source: &Path, into: &Path) -> Result<Vec<OsString>, BuildError> {
    copy(source, into)?;
    if into.join("build").is_file() {
        let mut command = Command::new("sh");
        command.arg("build").current_dir(into);
        run(command, "build")?;
    }
    let run_script = into.join("run");
    let permissions = fs::Permissions::from_mode(0o755);
    fs::set_permissions(&run_script, permissions)
        .map_err(|_| no_entry(source, "a `run` file after `build`"))?;
    Ok(vec![run_script.into_os_string()])
}

/// A program built into a temporary folder of its own, which goes with it.
#[derive(Debug)]
pub struct Built {
    /// The command line that runs it.
    pub argv: Vec<OsString>,
    /// What the build made, removed when this is dropped.
    pub folder: tempfile::TempDir,
}

/// [`build_including`] into a temporary folder of its own (named after `purpose`:
/// `validator`, `reference`), which lives as long as the [`Built`] program.
///
/// # Errors
///
/// As [`build`]; and when no temporary folder can be made.
pub fn build_apart(
    source: &Path,
    (language, entrypoint): (Language, Option<&str>),
    include: Option<&Path>,
    purpose: &str,
) -> Result<Built, BuildError> {
    let folder = tempfile::Builder::new()
        .prefix(&format!("grade-{purpose}-"))
        .tempdir()
        .map_err(|error| io_error(&std::env::temp_dir(), &error))?;
    let argv = build_submission(source, (language, entrypoint), include, folder.path())?;
    Ok(Built { argv, folder })
}

/// A program built into the build cache, kept there for the graders that come after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The command line that runs it.
    pub argv: Vec<OsString>,
    /// Its folder in the cache, what its build made.
    pub folder: PathBuf,
}

/// What the cache's entries are made by: changed whenever [`build`] makes something else of the
/// same source, so that no entry of an older recipe is used.
const RECIPE: &str = "grade build recipe 2";
/// The file of an entry that says how to run it and what it holds, written last.
const MANIFEST: &str = ".kept";
/// How long a folder being built may be left in the cache before it is taken for one a killed
/// grader left.
const BUILDING_AT_MOST: Duration = Duration::from_secs(3600);

/// The folder the validators of problem packages are kept in, built once:
/// `$XDG_CACHE_HOME/grade/validators`, else `~/.cache/grade/validators`; `None` where neither is
/// known.
#[must_use]
pub fn cache_root() -> Option<PathBuf> {
    let absolute = |value: OsString| {
        let path = PathBuf::from(value);
        path.is_absolute().then_some(path)
    };
    std::env::var_os("XDG_CACHE_HOME")
        .and_then(absolute)
        .or_else(|| {
            std::env::var_os("HOME")
                .and_then(absolute)
                .map(|home| home.join(".cache"))
        })
        .map(|cache| cache.join("grade").join("validators"))
}

/// [`build`] into the cache `root`, under the digest of the program's sources and language: a
/// program built before (by any grader) is not built again. An entry is made in a folder of
/// its own and renamed into place with its manifest, which names the digest of every file it
/// holds; an entry whose files no longer match it (a build cut short, a file changed or
/// removed since) is never used, but built again.
///
/// # Errors
///
/// As [`build`]; [`BuildError::Io`] when the sources cannot be read or the cache written.
pub fn build_kept(source: &Path, language: Language, root: &Path) -> Result<Kept, BuildError> {
    let digest = source_digest(source, language)?;
    let entry = root.join(&digest);
    if let Some(argv) = read_entry(&entry) {
        return Ok(Kept {
            argv,
            folder: entry,
        });
    }
    fs::create_dir_all(root).map_err(|error| io_error(root, &error))?;
    sweep(root);
    let building = tempfile::Builder::new()
        .prefix(&format!(".{digest}-"))
        .tempdir_in(root)
        .map_err(|error| io_error(root, &error))?;
    let argv: Vec<OsString> = build(source, language, building.path())?
        .into_iter()
        .map(|word| moved(word, building.path(), &entry))
        .collect();
    write_manifest(building.path(), &argv)?;
    if entry.exists() {
        // A broken entry, moved aside first: a folder cannot be renamed over one that is full.
        let aside = tempfile::Builder::new()
            .prefix(&format!(".{digest}-broken-"))
            .tempdir_in(root)
            .map_err(|error| io_error(root, &error))?;
        let _ = fs::rename(&entry, aside.path().join("entry"));
    }
    let built = building.keep();
    if let Err(error) = fs::rename(&built, &entry) {
        let _ = fs::remove_dir_all(&built);
        // Another grader's build of the same program, put in place first, serves as well.
        return match read_entry(&entry) {
            Some(argv) => Ok(Kept {
                argv,
                folder: entry,
            }),
            None => Err(io_error(&entry, &error)),
        };
    }
    Ok(Kept {
        argv,
        folder: entry,
    })
}

/// A validator built once for the graders of the package: in the cache where there is one
/// to write, else in a temporary folder of its own.
#[derive(Debug)]
pub struct Validator {
    /// The command line that runs it.
    pub argv: Vec<OsString>,
    /// The folder its build made, which build and run scripts run in.
    pub folder: PathBuf,
    /// The temporary folder it was built in where the cache could not be written, which must
    /// outlive its runs.
    pub apart: Option<tempfile::TempDir>,
}

/// Builds a validator (output, interactive or input) with [`build_kept`] into the
/// [`cache_root`], so that it is built once for every run after; where the cache cannot be
/// written, with [`build_apart`].
///
/// # Errors
///
/// As [`build`].
pub fn build_validator(source: &Path, language: Language) -> Result<Validator, BuildError> {
    if let Some(root) = cache_root() {
        match build_kept(source, language, &root) {
            Ok(kept) => {
                return Ok(Validator {
                    argv: kept.argv,
                    folder: kept.folder,
                    apart: None,
                });
            }
            // A cache that cannot be written is no reason not to grade.
            Err(BuildError::Io { .. }) => {}
            Err(error) => return Err(error),
        }
    }
    let built = build_apart(source, (language, None), None, "validator")?;
    Ok(Validator {
        argv: built.argv,
        folder: built.folder.path().to_owned(),
        apart: Some(built.folder),
    })
}

/// `word` with the folder `from` at its start made `to`.
fn moved(word: OsString, from: &Path, to: &Path) -> OsString {
    match Path::new(&word).strip_prefix(from) {
        Ok(rest) if rest.as_os_str().is_empty() => to.as_os_str().to_owned(),
        Ok(rest) => to.join(rest).into_os_string(),
        Err(_) => word,
    }
}

/// Removes the folders of builds that graders killed while building left in the cache.
fn sweep(root: &Path) {
    let Ok(entries) = fs::read_dir(root) else {
        return;
    };
    for entry in entries.flatten() {
        let old = entry
            .metadata()
            .and_then(|meta| meta.modified())
            .ok()
            .and_then(|modified| modified.elapsed().ok())
            .is_some_and(|age| age > BUILDING_AT_MOST);
        if old && entry.file_name().to_string_lossy().starts_with('.') {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// The hexadecimal digest of the recipe, the language and every file of the program (its
/// path in the program and its bytes), in the order of their paths.
fn source_digest(source: &Path, language: Language) -> Result<String, BuildError> {
    use sha2::{Digest, Sha256};
    let mut hasher = Sha256::new();
    hasher.update(RECIPE.as_bytes());
    hasher.update([0]);
    hasher.update(language.to_string().as_bytes());
    hasher.update([0]);
    let files = if source.is_dir() {
        files_under(source, source)?
    } else {
        let name = source.file_name().map(PathBuf::from).unwrap_or_default();
        vec![(name, source.to_path_buf())]
    };
    for (name, path) in files {
        let bytes = fs::read(&path).map_err(|error| io_error(&path, &error))?;
        hasher.update(name.as_os_str().as_encoded_bytes());
        hasher.update([0]);
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(&bytes);
    }
    Ok(hex(&hasher.finalize()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Every regular file under `folder`, as its path relative to `base` and its own, sorted.
fn files_under(folder: &Path, base: &Path) -> Result<Vec<(PathBuf, PathBuf)>, BuildError> {
    let mut files = Vec::new();
    let entries = fs::read_dir(folder).map_err(|error| io_error(folder, &error))?;
    for entry in entries {
        let path = entry.map_err(|error| io_error(folder, &error))?.path();
        if path.is_dir() {
            files.extend(files_under(&path, base)?);
        } else if path.is_file() {
            let name = path.strip_prefix(base).unwrap_or(&path).to_path_buf();
            files.push((name, path));
        }
    }
    files.sort();
    Ok(files)
}

/// The digest of one file.
fn file_digest(path: &Path) -> io::Result<String> {
    use sha2::{Digest, Sha256};
    Ok(hex(&Sha256::digest(fs::read(path)?)))
}

/// Writes the manifest of the entry being built in `folder`: the command line, then each file
/// it holds with its digest, each word and name ended by a NUL; and makes it durable, so that
/// an entry renamed into place is whole.
fn write_manifest(folder: &Path, argv: &[OsString]) -> Result<(), BuildError> {
    let mut text = Vec::new();
    text.extend_from_slice(RECIPE.as_bytes());
    text.push(0);
    text.extend_from_slice(argv.len().to_string().as_bytes());
    text.push(0);
    for word in argv {
        text.extend_from_slice(word.as_encoded_bytes());
        text.push(0);
    }
    for (name, path) in files_under(folder, folder)? {
        let digest = file_digest(&path).map_err(|error| io_error(&path, &error))?;
        text.extend_from_slice(name.as_os_str().as_encoded_bytes());
        text.push(0);
        text.extend_from_slice(digest.as_bytes());
        text.push(0);
    }
    let path = folder.join(MANIFEST);
    let write = || -> io::Result<()> {
        let mut file = fs::File::create(&path)?;
        io::Write::write_all(&mut file, &text)?;
        file.sync_all()
    };
    write().map_err(|error| io_error(&path, &error))
}

/// The command line of the entry `folder`, when it is whole: its manifest is of this recipe,
/// and every file it names is there with the digest it names.
fn read_entry(folder: &Path) -> Option<Vec<OsString>> {
    use std::os::unix::ffi::OsStringExt;
    let text = fs::read(folder.join(MANIFEST)).ok()?;
    let body = text.strip_suffix(&[0])?;
    let mut fields = body.split(|byte| *byte == 0);
    if fields.next()? != RECIPE.as_bytes() {
        return None;
    }
    let count: usize = std::str::from_utf8(fields.next()?).ok()?.parse().ok()?;
    let mut argv = Vec::with_capacity(count);
    for _ in 0..count {
        argv.push(OsString::from_vec(fields.next()?.to_vec()));
    }
    let mut named = 0;
    while let Some(name) = fields.next() {
        let digest = fields.next()?;
        let path = folder.join(OsString::from_vec(name.to_vec()));
        if file_digest(&path).ok()?.as_bytes() != digest {
            return None;
        }
        named += 1;
    }
    (named > 0 && !argv.is_empty()).then_some(argv)
}

fn io_error(path: &Path, error: &io::Error) -> BuildError {
    BuildError::Io {
        path: path.to_path_buf(),
        message: error.to_string(),
    }
}

fn no_entry(source: &Path, looked_for: &str) -> BuildError {
    BuildError::NoEntryPoint {
        source: source.to_path_buf(),
        looked_for: looked_for.to_owned(),
    }
}

/// The source files of the program: the file, or the folder's files in `language`, in order.
fn sources(source: &Path, language: Language) -> Result<Vec<PathBuf>, BuildError> {
    if !source.is_dir() {
        return Ok(vec![source.to_path_buf()]);
    }
    let entries = fs::read_dir(source).map_err(|error| io_error(source, &error))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(|error| io_error(source, &error))?.path();
        if path.is_file() && Language::of_file(&path) == language {
            files.push(path);
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(no_entry(source, &format!("a {language} file")));
    }
    Ok(files)
}

/// Where `source` is once copied into `into`: a file in it, or a folder as `into` itself.
fn copied(source: &Path, into: &Path) -> PathBuf {
    match source.file_name() {
        Some(name) if !source.is_dir() => into.join(name),
        _ => into.to_path_buf(),
    }
}

/// Copies a file into `into`, or a folder's content, whole.
fn copy(source: &Path, into: &Path) -> Result<(), BuildError> {
    if !source.is_dir() {
        let target = copied(source, into);
        return fs::copy(source, &target)
            .map(drop)
            .map_err(|error| io_error(source, &error));
    }
    let entries = fs::read_dir(source).map_err(|error| io_error(source, &error))?;
    for entry in entries {
        let path = entry.map_err(|error| io_error(source, &error))?.path();
        let target = into.join(path.file_name().unwrap_or_default());
        if path.is_dir() {
            fs::create_dir_all(&target).map_err(|error| io_error(&target, &error))?;
            copy(&path, &target)?;
        } else {
            fs::copy(&path, &target).map_err(|error| io_error(&path, &error))?;
        }
    }
    Ok(())
}

/// Whether `tool` is an executable file in a folder of the `PATH`.
fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| {
            fs::metadata(dir.join(tool))
                .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
        })
    })
}

/// A runtime the built program needs.
fn needs(tool: &str) -> Result<(), BuildError> {
    if on_path(tool) {
        Ok(())
    } else {
        Err(BuildError::ToolMissing {
            tool: tool.to_owned(),
        })
    }
}

/// The exit status of a shell's "command not found", which a version manager's stand-in
/// (pyenv's shim for a Python it does not have) gives too.
const NOT_FOUND: i32 = 127;

/// Whether `tool` runs: `tool --version` ends with another status than [`NOT_FOUND`]. On the
/// `PATH`, it may be a version manager's stand-in for a version that is not installed.
fn answers(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.code() != Some(NOT_FOUND))
}

/// Runs a compile, in a process group of its own that is killed after it (or after
/// [`COMPILE_TIME_LIMIT`]), keeping what it writes.
fn run(mut command: Command, tool: &str) -> Result<(), BuildError> {
    let program = command.get_program().to_owned();
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let (mut child, registration) = match reaper::spawn(&mut command) {
        Ok(started) => started,
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            return Err(BuildError::ToolMissing {
                tool: tool.to_owned(),
            });
        }
        Err(error) => return Err(io_error(Path::new(tool), &error)),
    };
    let read = |pipe: Option<Box<dyn Read + Send>>| {
        thread::spawn(move || {
            let mut kept = Vec::new();
            if let Some(pipe) = pipe {
                // Read to the end, keeping the first part: a writer is never blocked.
                let mut pipe = pipe;
                let mut buffer = [0; 8192];
                while let Ok(count) = pipe.read(&mut buffer) {
                    if count == 0 {
                        break;
                    }
                    let room = MESSAGE_LIMIT.saturating_sub(kept.len());
                    kept.extend_from_slice(&buffer[..count.min(room)]);
                }
            }
            kept
        })
    };
    let stdout = read(
        child
            .stdout
            .take()
            .map(|pipe| Box::new(pipe) as Box<dyn Read + Send>),
    );
    let stderr = read(
        child
            .stderr
            .take()
            .map(|pipe| Box::new(pipe) as Box<dyn Read + Send>),
    );
    let deadline = Instant::now() + COMPILE_TIME_LIMIT;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
            _ => break None,
        }
    };
    reaper::kill_group(registration.group());
    if status.is_none() {
        let _ = child.wait();
    }
    drop(registration);
    let stdout = stdout.join().unwrap_or_default();
    let stderr = stderr.join().unwrap_or_default();
    match status {
        None => Err(BuildError::TimedOut {
            tool: tool.to_owned(),
        }),
        Some(status) if status.success() => Ok(()),
        Some(status) if status.code() == Some(NOT_FOUND) && program == tool && !answers(tool) => {
            Err(BuildError::ToolMissing {
                tool: tool.to_owned(),
            })
        }
        Some(_) => {
            let mut message = String::from_utf8_lossy(&stderr).into_owned();
            message.push_str(&String::from_utf8_lossy(&stdout));
            Err(BuildError::Failed {
                tool: tool.to_owned(),
                message: message.trim_end().to_owned(),
            })
        }
    }
}

/// `submission`, one of `package`'s, built into a temporary folder for `purpose`, as the
/// package has it built: in its language, from its entry point, with the files of `include/`
/// for its language added.
///
/// # Errors
///
/// As [`build_apart`].
pub fn build_packaged(
    package: &Package,
    submission: &Submission,
    purpose: &str,
) -> Result<Built, BuildError> {
    build_apart(
        &submission.path,
        (submission.language, submission.entrypoint.as_deref()),
        package.include_for(submission.language),
        purpose,
    )
}

#[cfg(test)]
mod tests {
    use std::process::Command;

    use super::*;

    /// What the program of `argv` writes given `input`; started as a case is, registered with
    /// the reaper, so that another test's reaping of escaped processes leaves it alone.
    fn output(argv: &[OsString], input: &str) -> String {
        let (mut child, _registration) = runner::reaper::spawn(
            Command::new(&argv[0])
                .args(&argv[1..])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped()),
        )
        .expect("the built program starts");
        if let Some(mut stdin) = child.stdin.take() {
            std::io::Write::write_all(&mut stdin, input.as_bytes()).expect("input written");
        }
        let done = child.wait_with_output().expect("it ends");
        String::from_utf8_lossy(&done.stdout).into_owned()
    }

    #[test]
    #[ignore = "starts a compiler; scripts/packages runs it"]
    fn builds_c_with_a_header_beside_it() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let source = dir.path().join("src");
        fs::create_dir(&source).expect("folder");
        fs::write(
            source.join("twice.h"),
            "static int twice(int x) { return 2 * x; }\n",
        )
        .expect("write");
        fs::write(
            source.join("main.c"),
            "#include <stdio.h>\n#include <math.h>\n#include \"twice.h\"\n\
             int main(void) { int x; if (scanf(\"%d\", &x) != 1) return 1; \
             printf(\"%d %.0f\\n\", twice(x), sqrt(16.0 * x * x)); return 0; }\n",
        )
        .expect("write");
        let argv = build(&source, Language::C, &dir.path().join("out")).expect("it builds");
        assert_eq!(output(&argv, "21\n"), "42 84\n");
    }

    /// Writes `files` (path, text) under `folder`.
    fn write_all(folder: &Path, files: &[(&str, &str)]) {
        for (path, text) in files {
            let path = folder.join(path);
            fs::create_dir_all(path.parent().expect("a parent")).expect("folders");
            fs::write(path, text).expect("write");
        }
    }

    #[test]
    #[ignore = "starts a compiler; scripts/packages runs it"]
    fn builds_c_with_a_packages_driver_whose_files_replace_the_submissions() {
        let dir = tempfile::tempdir().expect("temporary folder");
        write_all(
            dir.path(),
            &[
                ("include/twice.h", "int twice(int x);\n"),
                (
                    "include/driver.c",
                    "#include <stdio.h>\n#include \"twice.h\"\n\
                     int main(void) { int x; if (scanf(\"%d\", &x) != 1) return 1; \
                     printf(\"%d\\n\", twice(x)); return 0; }\n",
                ),
                (
                    "one/twice.c",
                    "#include \"twice.h\"\nint twice(int x) { return 2 * x; }\n",
                ),
                (
                    "folder/twice.c",
                    "#include \"twice.h\"\nint twice(int x) { return 2 * x; }\n",
                ),
                // The submission's own driver, replaced by the package's of the same name.
                ("folder/driver.c", "int main(void) { return 3; }\n"),
            ],
        );
        let include = dir.path().join("include");
        for (source, into) in [("one/twice.c", "out-one"), ("folder", "out-folder")] {
            let argv = build_including(
                &dir.path().join(source),
                Language::C,
                Some(&include),
                &dir.path().join(into),
            )
            .expect("it builds");
            assert_eq!(output(&argv, "21\n"), "42\n", "{source}");
        }
        // Without the package's files, the submission alone does not link.
        assert!(matches!(
            build(
                &dir.path().join("one/twice.c"),
                Language::C,
                &dir.path().join("alone")
            ),
            Err(BuildError::Failed { .. })
        ));
    }

    #[test]
    #[ignore = "starts a compiler; scripts/packages runs it"]
    fn a_python_submission_stays_the_main_file_unless_a_driver_is_included() {
        let dir = tempfile::tempdir().expect("temporary folder");
        write_all(
            dir.path(),
            &[
                ("library/shout.py", "def shout(s):\n    return s.upper()\n"),
                (
                    "solution.py",
                    "from shout import shout\nprint(shout(input()))\n",
                ),
                (
                    "driver/__main__.py",
                    "import solve\nprint(solve.solve(input()))\n",
                ),
                ("solve.py", "def solve(s):\n    return s[::-1]\n"),
            ],
        );
        let argv = build_including(
            &dir.path().join("solution.py"),
            Language::Python3,
            Some(&dir.path().join("library")),
            &dir.path().join("out-library"),
        )
        .expect("it builds");
        assert_eq!(output(&argv, "abc\n"), "ABC\n");
        let argv = build_including(
            &dir.path().join("solve.py"),
            Language::Python3,
            Some(&dir.path().join("driver")),
            &dir.path().join("out-driver"),
        )
        .expect("it builds");
        assert_eq!(output(&argv, "abc\n"), "cba\n");
    }

    #[test]
    fn a_tool_that_is_a_stand_in_for_nothing_is_missing_not_failed() {
        let dir = tempfile::tempdir().expect("temporary folder");
        // A version manager's shim for a version it lacks: 127 whatever it is asked.
        let shim = dir.path().join("shim");
        // A compiler that answers, whose compile ends with 127 all the same.
        let answering = dir.path().join("answering");
        write_all(
            dir.path(),
            &[
                (
                    "shim",
                    "#!/bin/sh\necho \"shim: command not found\" >&2\nexit 127\n",
                ),
                (
                    "answering",
                    "#!/bin/sh\n[ \"$1\" = --version ] && exit 0\necho \"broken\" >&2\nexit 127\n",
                ),
            ],
        );
        for tool in [&shim, &answering] {
            fs::set_permissions(tool, fs::Permissions::from_mode(0o755)).expect("executable");
            // Another test's child, forked while the script was open for writing, may hold it
            // for an instant ("text file busy").
            while Command::new(tool)
                .output()
                .is_err_and(|error| error.raw_os_error() == Some(libc::ETXTBSY))
            {
                thread::sleep(Duration::from_millis(5));
            }
        }
        let name = |tool: &Path| tool.to_string_lossy().into_owned();
        assert_eq!(
            run(Command::new(&shim), &name(&shim)),
            Err(BuildError::ToolMissing { tool: name(&shim) })
        );
        assert_eq!(
            run(Command::new(&answering), &name(&answering)),
            Err(BuildError::Failed {
                tool: name(&answering),
                message: "broken".to_owned()
            })
        );
    }

    #[test]
    #[ignore = "starts a compiler; scripts/packages runs it"]
    fn a_failed_compile_carries_the_compilers_message() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let source = dir.path().join("broken.c");
        fs::write(&source, "int main(void) { return undeclared_thing; }\n").expect("write");
        match build(&source, Language::C, &dir.path().join("out")) {
            Err(BuildError::Failed { tool, message }) => {
                assert_eq!(tool, "gcc");
                assert!(message.contains("undeclared_thing"), "{message}");
            }
            other => panic!("expected a failed compile, got {other:?}"),
        }
    }

    #[test]
    #[ignore = "starts a compiler; scripts/packages runs it"]
    fn builds_python_files_and_folders() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let file = dir.path().join("echo.py");
        fs::write(&file, "print(input()[::-1])\n").expect("write");
        let argv = build(&file, Language::Python3, &dir.path().join("one")).expect("it builds");
        assert_eq!(argv[0], "python3");
        assert_eq!(output(&argv, "abc\n"), "cba\n");
        // The source stays as it was: nothing is written beside it.
        assert!(!dir.path().join("__pycache__").exists());

        let package = dir.path().join("package");
        fs::create_dir(&package).expect("folder");
        fs::write(
            package.join("helper.py"),
            "def shout(s):\n    return s.upper()\n",
        )
        .expect("write");
        fs::write(
            package.join("__main__.py"),
            "from helper import shout\nprint(shout(input()))\n",
        )
        .expect("write");
        let argv = build(&package, Language::Python3, &dir.path().join("two")).expect("it builds");
        assert_eq!(output(&argv, "abc\n"), "ABC\n");

        let broken = dir.path().join("broken.py");
        fs::write(&broken, "def f(:\n").expect("write");
        let error = build(&broken, Language::Python3, &dir.path().join("three"))
            .expect_err("a syntax error");
        assert!(
            matches!(&error, BuildError::Failed { message, .. } if message.contains("SyntaxError")),
            "{error}"
        );
    }

    #[test]
    #[ignore = "starts interpreters; scripts/packages runs it"]
    fn builds_javascript_python_2_and_bash() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let programs = [
            (
                "echo.js",
                Language::JavaScript,
                "node",
                "const s = require('fs').readFileSync(0, 'utf8').trim();\nconsole.log(s + s);\n",
            ),
            (
                "echo.py2",
                Language::Python2,
                "python2",
                "s = raw_input()\nprint s + s\n",
            ),
            (
                "echo.sh",
                Language::Bash,
                "bash",
                "read -r s\necho \"$s$s\"\n",
            ),
        ];
        // A tool that is on the PATH may still not run (a version manager's shim without it).
        let runs = |tool: &str| {
            Command::new(tool)
                .arg("--version")
                .output()
                .is_ok_and(|done| done.status.success())
        };
        for (name, language, tool, text) in programs {
            if !runs(tool) {
                continue;
            }
            let source = dir.path().join(name);
            fs::write(&source, text).expect("write");
            let argv = build(&source, language, &dir.path().join(tool)).expect("it builds");
            assert_eq!(argv[0], tool);
            assert_eq!(output(&argv, "ab\n"), "abab\n", "{name}");
        }
        let broken = dir.path().join("broken.js");
        fs::write(&broken, "function (\n").expect("write");
        if runs("node") {
            assert!(matches!(
                build(&broken, Language::JavaScript, &dir.path().join("broken")),
                Err(BuildError::Failed { .. })
            ));
        }
    }

    #[test]
    fn a_language_the_format_names_and_nothing_here_runs_is_said() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let source = dir.path().join("main.go");
        fs::write(&source, "package main\n").expect("write");
        let error = build(&source, Language::of_file(&source), &dir.path().join("out"))
            .expect_err("not run here");
        assert_eq!(error.to_string(), "programs in Go are not run here");
    }

    #[test]
    fn a_missing_compiler_is_named() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let source = dir.path().join("Main.kt");
        fs::write(&source, "fun main() { println(1) }\n").expect("write");
        if on_path("kotlinc") || !on_path("java") {
            return;
        }
        let error =
            build(&source, Language::Kotlin, &dir.path().join("out")).expect_err("no kotlinc");
        assert_eq!(
            error,
            BuildError::ToolMissing {
                tool: "kotlinc".to_owned()
            }
        );
        assert_eq!(error.to_string(), "`kotlinc` is not installed");
    }

    #[test]
    fn refuses_what_it_cannot_build() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let source = dir.path().join("prog.hs");
        fs::write(&source, "main = return ()\n").expect("write");
        assert!(matches!(
            build(&source, Language::Unknown, &dir.path().join("out")),
            Err(BuildError::UnknownLanguage { .. })
        ));
        let folder = dir.path().join("two");
        fs::create_dir(&folder).expect("folder");
        fs::write(folder.join("a.py"), "").expect("write");
        fs::write(folder.join("b.py"), "").expect("write");
        assert!(matches!(
            build(&folder, Language::Python3, &dir.path().join("out2")),
            Err(BuildError::NoEntryPoint { .. })
        ));
    }

    /// Slow (a JVM, rustc): run with `--ignored`.
    #[test]
    #[ignore = "compiles Java and Rust, which takes seconds; scripts/packages runs it"]
    fn builds_java_and_rust() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let java = dir.path().join("java");
        fs::create_dir(&java).expect("folder");
        fs::write(
            java.join("Helper.java"),
            "class Helper { static int twice(int x) { return 2 * x; } }\n",
        )
        .expect("write");
        fs::write(
            java.join("Solve.java"),
            "public class Solve { public static void main(String[] a) { \
             System.out.println(Helper.twice(new java.util.Scanner(System.in).nextInt())); } }\n",
        )
        .expect("write");
        let argv = build(&java, Language::Java, &dir.path().join("java-out")).expect("it builds");
        assert_eq!(argv.last(), Some(&OsString::from("Solve")));
        assert_eq!(output(&argv, "21\n"), "42\n");

        let rust = dir.path().join("rust");
        fs::create_dir(&rust).expect("folder");
        fs::write(
            rust.join("twice.rs"),
            "pub fn twice(x: i64) -> i64 { 2 * x }\n",
        )
        .expect("write");
        fs::write(
            rust.join("main.rs"),
            "mod twice;\nfn main() { let mut s = String::new(); \
             std::io::stdin().read_line(&mut s).unwrap(); \
             println!(\"{}\", twice::twice(s.trim().parse().unwrap())); }\n",
        )
        .expect("write");
        let argv = build(&rust, Language::Rust, &dir.path().join("rust-out")).expect("it builds");
        assert_eq!(output(&argv, "21\n"), "42\n");
    }

    /// A validator of build and run scripts whose `build` adds a line to `counter` each time it
    /// runs, and whose `run` says `said`.
    fn counted(folder: &Path, counter: &Path, said: &str) {
        fs::create_dir_all(folder).expect("folder");
        fs::write(
            folder.join("build"),
            format!(
                "echo built >> '{}'\nprintf '#!/bin/sh\\necho {said}\\n' > run\n",
                counter.display()
            ),
        )
        .expect("write");
    }

    fn builds(counter: &Path) -> usize {
        fs::read_to_string(counter).map_or(0, |text| text.lines().count())
    }

    #[test]
    fn a_kept_build_is_used_again_unless_it_is_broken() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let (root, counter) = (dir.path().join("cache"), dir.path().join("count"));
        let source = dir.path().join("validator");
        counted(&source, &counter, "kept");

        let first = build_kept(&source, Language::Scripts, &root).expect("it builds");
        assert_eq!(output(&first.argv, ""), "kept\n");
        assert!(first.folder.starts_with(&root), "{first:?}");
        let again = build_kept(&source, Language::Scripts, &root).expect("it is kept");
        assert_eq!((again, builds(&counter)), (first.clone(), 1));

        // A file of the entry changed since: built again, never used as it is.
        fs::write(first.folder.join("run"), "#!/bin/sh\necho broken\n").expect("write");
        let rebuilt = build_kept(&source, Language::Scripts, &root).expect("it builds");
        assert_eq!(
            (output(&rebuilt.argv, ""), builds(&counter)),
            ("kept\n".to_owned(), 2)
        );

        // An entry without its manifest is one cut short.
        fs::remove_file(first.folder.join(MANIFEST)).expect("removed");
        build_kept(&source, Language::Scripts, &root).expect("it builds");
        assert_eq!(builds(&counter), 3);
        build_kept(&source, Language::Scripts, &root).expect("it is kept");
        assert_eq!(builds(&counter), 3);

        // Other sources, another entry; nothing is left in the cache but the two entries.
        counted(&source, &counter, "changed");
        let other = build_kept(&source, Language::Scripts, &root).expect("it builds");
        assert_ne!(other.folder, first.folder);
        assert_eq!(output(&other.argv, ""), "changed\n");
        assert_eq!(fs::read_dir(&root).expect("listed").count(), 2);
    }

    #[test]
    fn a_failed_build_keeps_nothing() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let root = dir.path().join("cache");
        let source = dir.path().join("validator");
        fs::create_dir(&source).expect("folder");
        fs::write(source.join("build"), "exit 3\n").expect("write");
        assert!(matches!(
            build_kept(&source, Language::Scripts, &root),
            Err(BuildError::Failed { .. })
        ));
        assert_eq!(fs::read_dir(&root).expect("listed").count(), 0);
    }

    #[test]
    fn runs_a_build_script() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let source = dir.path().join("validator");
        fs::create_dir(&source).expect("folder");
        fs::write(
            source.join("build"),
            "printf '#!/bin/sh\\necho built\\n' > run\n",
        )
        .expect("write");
        let argv = build(&source, Language::Scripts, &dir.path().join("out")).expect("it builds");
        assert_eq!(output(&argv, ""), "built\n");
    }

    #[test]
    fn a_program_of_many_files_starts_from_the_entry_point_its_package_names() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let program = dir.path().join("both");
        fs::create_dir(&program).expect("folder");
        for (name, text) in [
            ("first.sh", "echo 1\n"),
            ("second.sh", "echo 2\n"),
            ("helper.py", "print(3)\n"),
        ] {
            fs::write(program.join(name), text).expect("write");
        }
        let into = tempfile::tempdir().expect("temporary folder");
        let argv = build_submission(
            &program,
            (Language::Bash, Some("second.sh")),
            None,
            into.path(),
        )
        .expect("built");
        assert!(
            argv.last()
                .is_some_and(|entry| entry.to_string_lossy().ends_with("second.sh")),
            "{argv:?}"
        );
    }
}
