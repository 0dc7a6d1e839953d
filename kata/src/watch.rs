//! `kata watch`: a stage checked again each time a file of the project is saved (one check per
//! burst of saves): the stage whose folder (`stageN/`) holds the files saved, else the current
//! one, on a cleared screen, with a progress line last. On a terminal, single keys
//! ask for a hint (`h`), the list (`l`) or the end (`q`); without one, the same letters come as
//! lines of standard input, and the end of that input leaves the watch running.

use std::collections::{BTreeSet, VecDeque};
use std::io::{self, BufRead, Write};
use std::ops::RangeInclusive;
use std::path::{Component, Path, PathBuf};
use std::sync::mpsc::{self, Sender};
use std::thread;
use std::time::Duration;

use crossterm::event::{self, Event as TerminalEvent, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::{Command as _, cursor, terminal};
use grade::project::Project;
use notify_debouncer_full::notify::RecursiveMode;
use notify_debouncer_full::notify::event::{EventKind, ModifyKind};
use notify_debouncer_full::{DebounceEventResult, new_debouncer};

use crate::check::{self, StageCheck};
use crate::course::Course;
use crate::error::KataError;
use crate::progress::Progress;
use crate::status;
use crate::style::Style;

/// How long the files must stay still before a burst of saves is checked: an editor's save is
/// several writes and renames within milliseconds.
const DEBOUNCE: Duration = Duration::from_millis(200);

/// Folders whose files are the products of builds, never the learner's sources.
const BUILD_FOLDERS: [&str; 4] = ["target", "build", "__pycache__", "node_modules"];

/// What the watch waits for.
enum Event {
    /// Files of the project were saved: the stages whose folders hold them (none for a file
    /// outside every stage's folder, such as `kata.toml`).
    Saved(BTreeSet<u8>),
    /// A key, or a line without a terminal.
    Key(Key),
    /// The file watcher failed.
    Failed(String),
}

/// What the learner asked for.
enum Key {
    Hint,
    List,
    Quit,
    Other,
}

/// Watches the project in `root` until the learner quits or every stage is done; returns the
/// exit status. On a `terminal`, keys are read from it; otherwise from `input`, a line each.
///
/// # Errors
///
/// When the project or the fixtures cannot be read, the files cannot be watched, or `out`
/// cannot be written.
pub fn watch<R: BufRead + Send + 'static>(
    root: &Path,
    input: R,
    terminal: bool,
    out: &mut dyn Write,
    style: Style,
) -> Result<u8, KataError> {
    let mut project = Project::load(root)?;
    let course = Course::of(&project)?;
    let (events, received) = mpsc::channel();
    // The watcher stops when this is dropped, at the end of the watch.
    let _watcher = watch_files(root, course.stages(), events.clone())?;
    // Single keys need the terminal in raw mode; where that cannot be had, lines will do.
    let raw_mode = if terminal { RawMode::enable() } else { None };
    let terminal = raw_mode.is_some();
    if terminal {
        thread::spawn(move || read_keys(&events));
    } else {
        thread::spawn(move || read_lines(input, &events));
    }
    let mut screen = Screen {
        out,
        terminal,
        style,
    };
    let (mut progress, mut last) = check::progress(&course, &project, &mut screen)?;
    let current = course.current_stage(&progress);
    if current.is_none() {
        check::write_next(&mut screen, &course, &project, None)?;
        return Ok(grade::EXIT_PASSED);
    }
    let mut pending = VecDeque::new();
    match &last {
        // Working the progress out has just checked the current stage: its report, then wait.
        Some(checked) => {
            writeln!(screen, "{}", style.strong(&course.heading(checked.stage)))?;
            check::write_report(
                &mut screen,
                &course,
                &project,
                checked,
                current,
                true,
                style,
            )?;
            screen.progress_line(&progress, &course, last.as_ref())?;
        }
        None => pending.push_back(Event::Saved(BTreeSet::new())),
    }
    loop {
        let event = match pending.pop_front() {
            Some(event) => event,
            None => received
                .recv()
                .map_err(|_| KataError::Watch("the file watcher stopped".to_owned()))?,
        };
        match event {
            Event::Saved(mut saved) => {
                // One check for every save that came in meanwhile; any key waits its turn.
                while let Ok(event) = received.try_recv() {
                    match event {
                        Event::Saved(more) => saved.extend(more),
                        other => pending.push_back(other),
                    }
                }
                screen.clear()?;
                match Project::load(root) {
                    Ok(loaded) => project = loaded,
                    Err(error) => {
                        writeln!(screen, "{error}")?;
                        writeln!(screen, "Fix it and save to check again.")?;
                        continue;
                    }
                }
                let current = course.current_stage(&progress);
                // The stage being worked on is the one whose files were saved; a save of files
                // of several stages, or of none, checks the current one.
                let stage = match (saved.len(), saved.first()) {
                    (1, Some(&stage)) => stage,
                    _ => match current {
                        Some(stage) => stage,
                        None => break,
                    },
                };
                writeln!(screen, "{}", style.strong(&course.heading(stage)))?;
                let checked = check::check(&course, &project, stage, false, true, &mut screen)?;
                check::record(&project, &mut progress, &checked)?;
                let current = course.current_stage(&progress);
                check::write_report(
                    &mut screen,
                    &course,
                    &project,
                    &checked,
                    current,
                    true,
                    style,
                )?;
                if current.is_none() {
                    break;
                }
                // The progress line speaks of the current stage: a failure of another is in
                // its report above.
                let passed = checked.passed() || Some(checked.stage) != current;
                last = Some(checked);
                screen.progress_line(&progress, &course, last.as_ref().filter(|_| !passed))?;
            }
            Event::Key(Key::Hint) => {
                writeln!(screen)?;
                let failed = last
                    .as_ref()
                    .and_then(|checked| Some((checked, checked.first_failure()?)));
                match failed {
                    Some((checked, failure)) => status::write_hint(
                        &mut screen,
                        checked.stage,
                        failure.number,
                        failure.fixture(&checked.fixtures),
                    )?,
                    None => writeln!(
                        screen,
                        "No case has failed since the last save: no hint to give."
                    )?,
                }
                screen.keys_line()?;
            }
            Event::Key(Key::List) => {
                writeln!(screen)?;
                status::write_list(&mut screen, &progress, &course, style)?;
                screen.keys_line()?;
            }
            Event::Key(Key::Quit) => {
                writeln!(screen)?;
                return Ok(grade::EXIT_PASSED);
            }
            Event::Key(Key::Other) => screen.keys_line()?,
            Event::Failed(message) => return Err(KataError::Watch(message)),
        }
    }
    Ok(grade::EXIT_PASSED)
}

/// Starts watching every file under `root`; each burst of saves of the learner's files (not of
/// build products, hidden files or backups) is one [`Event::Saved`]. Only changes count: a
/// file opened or read (by the check itself, which runs the learner's program) is no save.
fn watch_files(
    root: &Path,
    stages: RangeInclusive<u8>,
    events: Sender<Event>,
) -> Result<impl Drop + use<>, KataError> {
    let folder = root.to_owned();
    let mut debouncer = new_debouncer(DEBOUNCE, None, move |result: DebounceEventResult| {
        let event = match result {
            Ok(changes) => {
                let saved: Vec<&PathBuf> = changes
                    .iter()
                    .filter(|change| {
                        matches!(
                            change.kind,
                            EventKind::Create(_)
                                | EventKind::Remove(_)
                                | EventKind::Modify(
                                    ModifyKind::Data(_) | ModifyKind::Name(_) | ModifyKind::Any
                                )
                        )
                    })
                    .flat_map(|change| &change.paths)
                    .filter(|path| is_source(&folder, path))
                    .collect();
                if saved.is_empty() {
                    return;
                }
                Event::Saved(
                    saved
                        .iter()
                        .filter_map(|path| stage_of(&folder, path, stages.clone()))
                        .collect(),
                )
            }
            Err(errors) => Event::Failed(
                errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; "),
            ),
        };
        let _ = events.send(event);
    })
    .map_err(|error| KataError::Watch(error.to_string()))?;
    debouncer
        .watch(root, RecursiveMode::Recursive)
        .map_err(|error| KataError::Watch(error.to_string()))?;
    Ok(debouncer)
}

/// The stage whose folder, `stageN/` of the project, holds `path`.
fn stage_of(root: &Path, path: &Path, stages: RangeInclusive<u8>) -> Option<u8> {
    let first = path.strip_prefix(root).ok()?.components().next()?;
    let Component::Normal(name) = first else {
        return None;
    };
    let number: u8 = name.to_str()?.strip_prefix("stage")?.parse().ok()?;
    stages.contains(&number).then_some(number)
}

/// Whether a change of `path` is one of the learner's: not under a build folder, not hidden
/// (the progress file, an editor's swap file), not a backup or an editor's `~` copy, not a
/// lock file that builds write.
fn is_source(root: &Path, path: &Path) -> bool {
    let Ok(relative) = path.strip_prefix(root) else {
        return false;
    };
    let mut names = relative
        .components()
        .filter_map(|component| match component {
            Component::Normal(name) => Some(name.to_string_lossy()),
            _ => None,
        });
    names.all(|name| {
        !name.starts_with('.')
            && !name.ends_with('~')
            && !name.contains(".bak")
            && name != "Cargo.lock"
            && !BUILD_FOLDERS.contains(&name.as_ref())
    }) && relative != Path::new("")
}

/// Reads keys from the terminal until the learner quits.
fn read_keys(events: &Sender<Event>) {
    loop {
        let key = match event::read() {
            Ok(TerminalEvent::Key(key)) if key.kind == KeyEventKind::Press => key,
            Ok(_) => continue,
            Err(error) => {
                let _ = events.send(Event::Failed(format!("cannot read the keyboard: {error}")));
                return;
            }
        };
        let control = key.modifiers.contains(KeyModifiers::CONTROL);
        let asked = match key.code {
            KeyCode::Char('c' | 'd') if control => Key::Quit,
            KeyCode::Char('h') => Key::Hint,
            KeyCode::Char('l') => Key::List,
            KeyCode::Char('q') | KeyCode::Esc => Key::Quit,
            _ => Key::Other,
        };
        let quit = matches!(asked, Key::Quit);
        if events.send(Event::Key(asked)).is_err() || quit {
            return;
        }
    }
}

/// Reads the same letters as lines of `input`, until it ends.
fn read_lines(input: impl BufRead, events: &Sender<Event>) {
    for line in input.lines() {
        let Ok(line) = line else { return };
        let asked = match line.trim() {
            "h" => Key::Hint,
            "l" => Key::List,
            "q" => Key::Quit,
            _ => Key::Other,
        };
        if events.send(Event::Key(asked)).is_err() {
            return;
        }
    }
}

/// The terminal in raw mode (single keys, no echo) while this lives.
struct RawMode;

impl RawMode {
    fn enable() -> Option<RawMode> {
        terminal::enable_raw_mode().ok().map(|()| RawMode)
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        // Nothing more can be done if the terminal cannot be given back its mode.
        let _ = terminal::disable_raw_mode();
    }
}

/// Where the watch writes: the output, with each line ended by CR LF on a terminal in raw
/// mode, which no longer turns LF into a new line at its start.
struct Screen<'a> {
    out: &'a mut dyn Write,
    terminal: bool,
    style: Style,
}

impl Screen<'_> {
    /// A fresh screen before a check, on a terminal; a blank line otherwise.
    fn clear(&mut self) -> io::Result<()> {
        if self.terminal {
            let mut codes = String::new();
            terminal::Clear(terminal::ClearType::All)
                .write_ansi(&mut codes)
                .and_then(|()| cursor::MoveTo(0, 0).write_ansi(&mut codes))
                .map_err(io::Error::other)?;
            self.out.write_all(codes.as_bytes())
        } else {
            writeln!(self)
        }
    }

    /// The progress line: the current stage, its cases passed at `last` (its last check, when
    /// that failed), the stages done; then the keys.
    fn progress_line(
        &mut self,
        progress: &Progress,
        course: &Course,
        last: Option<&StageCheck>,
    ) -> io::Result<()> {
        let Some(stage) = course.current_stage(progress) else {
            return Ok(());
        };
        let cases = course.cases(stage);
        let passed = match (last, progress.record(stage)) {
            (Some(checked), _) if checked.stage == stage => checked.summary(),
            (_, Some(record)) if !record.not_run => check::cases_passing(record.passed, cases),
            (_, Some(_)) => "cannot build or start".to_owned(),
            (_, None) => "not checked yet: save to check it".to_owned(),
        };
        let (done, count) = (course.stages_done(progress), course.stage_count());
        let line = format!("Stage {stage} of {count} | {passed} | {done} of {count} stages done");
        writeln!(self)?;
        let line = self.style.strong(&line);
        writeln!(self, "{line}")?;
        self.keys_line()
    }

    /// The keys the watch answers to.
    fn keys_line(&mut self) -> io::Result<()> {
        let how = if self.terminal { "" } else { " (each a line)" };
        writeln!(
            self,
            "Watching for saves. Keys{how}: h hint, l list, q quit."
        )?;
        self.flush()
    }
}

impl Write for Screen<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if !self.terminal {
            return self.out.write(bytes);
        }
        for piece in bytes.split_inclusive(|&byte| byte == b'\n') {
            match piece.strip_suffix(b"\n") {
                Some(line) => {
                    self.out.write_all(line)?;
                    self.out.write_all(b"\r\n")?;
                }
                None => self.out.write_all(piece)?,
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_learners_files_are_sources() {
        let root = Path::new("/p");
        for source in [
            "stage1/main.py",
            "kata.toml",
            "stage3/src/main.rs",
            "Cargo.toml",
        ] {
            assert!(is_source(root, &root.join(source)), "{source}");
        }
        for product in [
            "target/debug/stage1",
            "build/stage2/Main.class",
            "stage1/__pycache__/main.cpython-311.pyc",
            ".kata-progress",
            ".kata-progress.new",
            "stage1/.main.py.swp",
            "stage1/main.py~",
            "stage1/main.py.bak",
            "stage1/main.py.bak.2",
            "Cargo.lock",
            "",
        ] {
            assert!(!is_source(root, &root.join(product)), "{product}");
        }
        assert!(!is_source(root, Path::new("/elsewhere/a.py")));
    }
}
