//! What the workspace's test binaries share. Each is one libtest-mimic binary (a trial a test,
//! so the slow ones share the cores) whose paths are all read at run time: a copied or moved
//! workspace tests itself and writes its snapshots into itself.
//!
//! - [`run`] and [`test()`]: the binary's `main`, and trials whose failures say where they failed;
//!   [`test_with`]: trials that need a tool, skipped visibly without it.
//! - [`within`]: a watchdog for anything that could hang.
//! - [`snapshot`]: an insta snapshot in a folder named at run time.
//! - [`false_difference`]: a report's difference that is none: two equal lines, a caret past a
//!   line's end.
//! - [`toolchain`]: the interpreters and compilers of other languages, or a visible skip.
//! - [`processes`]: the processes whose command line holds a marker, read from `/proc`.
//! - [`stretched`]: a time bound stretched by how busy the machine is.

pub mod processes;
pub mod toolchain;

use std::any::Any;
use std::cell::RefCell;
use std::env;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{OnceLock, mpsc};
use std::thread;
use std::time::Duration;

pub use libtest_mimic::{Completion, Failed, Trial};

thread_local! {
    /// Where the last panic on this thread happened, for the trial's failure message.
    static PANIC_LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `trials` as libtest does (filters, `--list`, `--test-threads`, parallel by default).
#[must_use]
pub fn run(trials: Vec<Trial>) -> ExitCode {
    run_with(trials, 1)
}

/// [`run`] with `per_core` trials at once on each core unless `--test-threads` says otherwise:
/// for trials that mostly wait for the processes they start.
#[must_use]
pub fn run_with(trials: Vec<Trial>, per_core: usize) -> ExitCode {
    prepare_environment();
    let (mut arguments, trials) = arguments_and_trials(env::args_os().collect(), trials);
    if arguments.test_threads.is_none() {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        arguments.test_threads = Some(cores * per_core);
    }
    // A trial reports its own panic, with its place; the default hook would only repeat it.
    panic::set_hook(Box::new(|info| {
        let location = info.location().map(ToString::to_string);
        PANIC_LOCATION.with(|cell| *cell.borrow_mut() = location);
    }));
    libtest_mimic::run(&arguments, trials).exit_code()
}

/// The options of libtest that take a value in the next word.
const OPTIONS_WITH_A_VALUE: [&str; 6] = [
    "--test-threads",
    "--logfile",
    "--skip",
    "--color",
    "--format",
    "-Z",
];

/// The words of the command line `args` (the program first) that are filters, as libtest reads
/// them: every word that is neither an option nor an option's value.
fn filters(args: &[std::ffi::OsString]) -> Vec<usize> {
    let mut found = Vec::new();
    let mut words = args.iter().enumerate().skip(1);
    while let Some((at, word)) = words.next() {
        let text = word.to_string_lossy();
        if text == "--" {
            found.extend(words.by_ref().map(|(at, _)| at));
        } else if OPTIONS_WITH_A_VALUE.contains(&text.as_ref()) {
            words.next();
        } else if !text.starts_with('-') {
            found.push(at);
        }
    }
    found
}

/// libtest-mimic's arguments from the command line `args`, and the trials of `trials` they
/// select. libtest runs the trials that match any of several filters (`cargo test -- examples
/// docs`), where libtest-mimic takes one: with more than one, the trials that match none are
/// left out here, and libtest-mimic is given no filter.
fn arguments_and_trials(
    mut args: Vec<std::ffi::OsString>,
    mut trials: Vec<Trial>,
) -> (libtest_mimic::Arguments, Vec<Trial>) {
    let at = filters(&args);
    if at.len() > 1 {
        let filters: Vec<String> = at
            .iter()
            .map(|&at| args[at].to_string_lossy().into_owned())
            .collect();
        for &at in at.iter().rev() {
            args.remove(at);
        }
        let arguments = libtest_mimic::Arguments::from_iter(args);
        trials.retain(|trial| {
            filters.iter().any(|filter| {
                if arguments.exact {
                    trial.name() == filter
                } else {
                    trial.name().contains(filter.as_str())
                }
            })
        });
        return (arguments, trials);
    }
    (libtest_mimic::Arguments::from_iter(args), trials)
}

/// The variables [`prepare_environment`] set, having found them unset, or found set by the test
/// binary that started this one.
static SET_HERE: OnceLock<Vec<&'static str>> = OnceLock::new();

/// The variable that tells a test binary started by a trial which variables its parent set.
const SET_HERE_VARIABLE: &str = "TEST_SUPPORT_SET_FOR_THE_TRIALS";

/// The environment variables this test binary set for its trials, having found them unset: a
/// cargo that a trial starts must not see them, or it would build again what reads them as it
/// is compiled (insta's macros read `INSTA_WORKSPACE_ROOT`), and the next `cargo test` would
/// build it back.
#[must_use]
pub fn set_for_the_trials() -> &'static [&'static str] {
    SET_HERE.get().map_or(&[], Vec::as_slice)
}

/// Sets what every trial, and every process it starts, finds in its environment, before any
/// thread is started: where temporary files go ([`in_memory`]) and the workspace's root for
/// insta, which would otherwise start `cargo metadata` in each test binary to find it.
fn prepare_environment() {
    let mut settings = Vec::new();
    if env::var_os("TMPDIR").is_none()
        && let Some(folder) = in_memory()
    {
        settings.push(("TMPDIR", folder));
    }
    if env::var_os("INSTA_WORKSPACE_ROOT").is_none()
        && let Some(root) = env::var_os("CARGO_MANIFEST_DIR")
            .map(PathBuf::from)
            .as_deref()
            .and_then(workspace_root)
    {
        settings.push(("INSTA_WORKSPACE_ROOT", root));
    }
    // A test binary that a trial starts again finds them set by the one that started it.
    let inherited = env::var(SET_HERE_VARIABLE).unwrap_or_default();
    let mut set_here: Vec<&'static str> = ["TMPDIR", "INSTA_WORKSPACE_ROOT"]
        .into_iter()
        .filter(|name| {
            inherited.split(',').any(|set| set == *name)
                || settings.iter().any(|(setting, _)| setting == name)
        })
        .collect();
    settings.push((SET_HERE_VARIABLE, PathBuf::from(set_here.join(","))));
    set_here.push(SET_HERE_VARIABLE);
    let _ = SET_HERE.set(set_here);
    for (name, value) in settings {
        // SAFETY: called by `main` before it starts a thread, so nothing reads the environment
        // while it changes.
        #[allow(unsafe_code)]
        unsafe {
            env::set_var(name, value);
        }
    }
}

/// `/dev/shm`, a file system in memory, where it can be written: the trials make and remove
/// thousands of folders (every `grade` run its cases' homes, every trial its temporary
/// folders), and a disk whose file system checks each new inode against those recently freed
/// (ext4 without a journal) spent a quarter of the grader's tests' system time doing so. What
/// the trials test does not depend on the file system their temporary files are on.
fn in_memory() -> Option<PathBuf> {
    let folder = PathBuf::from("/dev/shm");
    let probe = folder.join(format!(".test-support-{}", std::process::id()));
    std::fs::create_dir(&probe).ok()?;
    let _ = std::fs::remove_dir(&probe);
    Some(folder)
}

/// The nearest folder at or above `package` whose `Cargo.toml` declares a workspace.
fn workspace_root(package: &Path) -> Option<PathBuf> {
    package
        .ancestors()
        .find(|folder| {
            std::fs::read_to_string(folder.join("Cargo.toml"))
                .is_ok_and(|manifest| manifest.lines().any(|line| line.trim() == "[workspace]"))
        })
        .map(Path::to_path_buf)
}

/// A trial that passes unless `body` panics; the failure gives the panic's message and place.
pub fn test(name: impl Into<String>, body: impl FnOnce() + Send + 'static) -> Trial {
    Trial::test(name, move || caught(body))
}

/// `body` run, its panic turned into a failure that gives the message and the place.
fn caught(body: impl FnOnce()) -> Result<(), Failed> {
    panic::catch_unwind(AssertUnwindSafe(body)).map_err(|payload| {
        let place = PANIC_LOCATION
            .with(|cell| cell.borrow_mut().take())
            .map_or_else(String::new, |at| format!("\n  at {at}"));
        Failed::from(format!("{}{place}", panic_message(payload.as_ref())))
    })
}

/// Trials of plain test functions, each named `<prefix>::<function>`:
/// `tests!("process": stage_1_does_not_wait_for_input, ...)`.
#[macro_export]
macro_rules! tests {
    ($prefix:literal: $($function:ident),+ $(,)?) => {
        vec![$($crate::test(concat!($prefix, "::", stringify!($function)), $function)),+]
    };
}

/// A trial that needs a tool, looked for by `find` only when the trial runs (a filtered-out trial
/// costs nothing, and no look blocks the start of the run): run with the tool when it is there,
/// otherwise reported as ignored with the reason, never silently passed.
pub fn test_with<T: 'static>(
    name: impl Into<String>,
    find: impl FnOnce() -> Result<T, String> + Send + 'static,
    body: impl FnOnce(T) + Send + 'static,
) -> Trial {
    let name = name.into();
    Trial::ignorable_test(name, move || match find() {
        Ok(tool) => caught(|| body(tool)).map(|()| Completion::Completed),
        Err(reason) => Ok(Completion::ignored_with(reason)),
    })
}

/// A trial too slow for every `cargo test`: run only with `--include-ignored` (or `--ignored`),
/// and otherwise reported as ignored with `why`, which libtest-mimic shows only for a trial
/// ignored as it runs: a trial marked ignored beforehand is listed without a reason.
pub fn slow(trial: Trial, why: &'static str) -> Trial {
    if asks_for_ignored() {
        return trial;
    }
    let name = trial.name().to_owned();
    Trial::ignorable_test(name, move || Ok(Completion::ignored_with(why)))
}

/// The variable that runs the thorough trials as well: `scripts/thorough-tests` sets it.
pub const THOROUGH: &str = "TESTS_THOROUGH";

/// `trials` with those that `thorough` names left to `scripts/thorough-tests` (which CI runs):
/// the trials that take a twentieth of a second or more of a core, or wait on the clock, and would
/// keep every `cargo test` from its budget of five seconds. An entry is a trial's name, or a
/// module's prefix ending in `::`. They run when [`THOROUGH`] is set, or with
/// `--include-ignored` (or `--ignored`); otherwise each is reported as ignored with the reason.
///
/// # Panics
///
/// When an entry names no trial: a trial renamed would otherwise run in every `cargo test`
/// again unnoticed.
#[must_use]
pub fn thorough(trials: Vec<Trial>, thorough: &[&str]) -> Vec<Trial> {
    let names_it = |entry: &str, name: &str| {
        name == entry || (entry.ends_with("::") && name.starts_with(entry))
    };
    for entry in thorough {
        assert!(
            trials.iter().any(|trial| names_it(entry, trial.name())),
            "the thorough trial `{entry}` is none of this binary's trials"
        );
    }
    trials
        .into_iter()
        .map(|trial| {
            if thorough.iter().any(|entry| names_it(entry, trial.name())) {
                thorough_trial(trial)
            } else {
                trial
            }
        })
        .collect()
}

/// `trial` left to `scripts/thorough-tests`, as [`thorough`] leaves those it names: for a
/// trial made from data (a console example of the docs) whose cost its data says.
#[must_use]
pub fn thorough_trial(trial: Trial) -> Trial {
    if env::var_os(THOROUGH).is_some_and(|value| !value.is_empty()) {
        return trial;
    }
    slow(trial, "thorough: scripts/thorough-tests runs it")
}

/// Whether this binary was asked to run the trials listed as ignored too.
fn asks_for_ignored() -> bool {
    env::args().any(|argument| argument == "--include-ignored" || argument == "--ignored")
}

/// The text of a panic's payload.
#[must_use]
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|message| (*message).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_owned())
}

/// Runs `work` on a thread of its own and panics if it takes longer than `limit`, naming
/// `what`; a hanging thread is left behind, and the test fails without waiting for it.
pub fn within<T: Send + 'static>(
    limit: Duration,
    what: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> T {
    let (done, result) = mpsc::channel();
    thread::spawn(move || {
        let outcome = panic::catch_unwind(AssertUnwindSafe(work));
        let _ = done.send(outcome);
    });
    match result.recv_timeout(limit) {
        Ok(Ok(value)) => value,
        Ok(Err(payload)) => panic::resume_unwind(payload),
        Err(_) => panic!("{what} did not finish within {limit:?}"),
    }
}

/// The folder of the package whose tests are running, as cargo gives it at run time (not the
/// one fixed when the test was compiled, which in a copied workspace is the original's).
///
/// # Panics
///
/// When the test is not run by cargo, which sets `CARGO_MANIFEST_DIR`.
#[must_use]
pub fn manifest_dir() -> PathBuf {
    env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .expect("CARGO_MANIFEST_DIR is set: run the tests with `cargo test`")
}

/// Asserts that `text` matches the insta snapshot `name` in `folder` (`folder/<name>.snap`),
/// a folder named at run time so that `INSTA_UPDATE` writes where the test runs.
pub fn snapshot(folder: &Path, name: &str, text: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(folder);
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!(name, text));
}

/// What is wrong with the two-line differences of a report on a failed case, if anything:
/// an "Expected" line shown equal to the "Actual" line under it, or a caret (`^ column N`) past
/// the end of the actual line it marks. `None` when every difference it shows is a real one.
#[must_use]
pub fn false_difference(report: &str) -> Option<String> {
    let lines: Vec<&str> = report.lines().collect();
    for (index, pair) in lines.windows(2).enumerate() {
        let [expected, actual] = pair else { continue };
        if !(expected.starts_with("Expected line ") && actual.starts_with("Actual line ")) {
            continue;
        }
        // Both labels are padded to the longer one's width.
        let label = |line: &str| line.find(": ").map_or(0, |at| at + 2);
        let width = label(expected).max(label(actual));
        let (want, got) = (
            expected.get(width..).unwrap_or_default(),
            actual.get(width..).unwrap_or_default(),
        );
        if want == got {
            return Some(format!("two equal lines, `{got}`"));
        }
        let caret = lines
            .get(index + 2)
            .filter(|line| line.trim_start().starts_with("^ column "))
            .and_then(|line| line.find('^'));
        if let Some(at) = caret {
            let column = (at + 1).saturating_sub(width);
            if column == 0 || column > got.chars().count() {
                return Some(format!(
                    "a caret at column {column}, past the end of `{got}`"
                ));
            }
        }
    }
    None
}

/// `bound` stretched by how busy the machine is: times the processes waiting for or on a CPU
/// (the load average of the last minute, `/proc/loadavg`) a core, when there are more of them
/// than cores. A test that bounds how long the grader takes measures the grader, not the
/// machine: beside three busy processes a core, every process the test starts runs at a quarter
/// of its speed, and a bound that held on an idle machine would fail there.
pub fn stretched(bound: Duration) -> Duration {
    let cores = thread::available_parallelism().map_or(1, usize::from);
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next()?.parse::<f64>().ok())
        .unwrap_or(0.0);
    #[allow(clippy::cast_precision_loss)]
    let factor = (load / cores as f64).max(1.0);
    bound.mul_f64(factor)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<std::ffi::OsString> {
        line.split(' ').map(Into::into).collect()
    }

    fn names(trials: &[Trial]) -> Vec<&str> {
        trials.iter().map(Trial::name).collect()
    }

    fn trials() -> Vec<Trial> {
        ["docs::links", "examples::README.md:68", "stage3::draw"]
            .map(|name| Trial::test(name, || Ok(())))
            .into()
    }

    #[test]
    fn filters_are_the_words_that_are_no_option_nor_its_value() {
        assert_eq!(
            filters(&words(
                "bin --skip a examples --test-threads 2 -q docs --exact"
            )),
            [3, 7]
        );
        assert_eq!(filters(&words("bin --format=terse stage")), [2]);
    }

    #[test]
    fn several_filters_select_the_trials_that_match_any() {
        let (arguments, kept) =
            arguments_and_trials(words("bin examples docs --test-threads 1"), trials());
        assert_eq!(names(&kept), ["docs::links", "examples::README.md:68"]);
        assert_eq!((arguments.filter, arguments.test_threads), (None, Some(1)));
        let (_, kept) =
            arguments_and_trials(words("bin --exact docs examples::README.md:68"), trials());
        assert_eq!(names(&kept), ["examples::README.md:68"]);
        let (arguments, kept) = arguments_and_trials(words("bin stage3"), trials());
        assert_eq!(
            (arguments.filter.as_deref(), kept.len()),
            (Some("stage3"), 3)
        );
    }
}
