//! Which of a problem package's submissions `kata dev check` runs (`--submissions GLOB`), and
//! how many programs it runs at once (`--jobs N`), with the work done side by side handed back
//! in order.
//!
//! A pattern is matched against a submission's path under `submissions/`, such as
//! `accepted/mean.py`, a part at a time: `*` stands for any run of characters within a part,
//! `?` for one character, and a pattern that matches the folders a submission is in selects it
//! (`wrong_answer`, `*_exceeded`). A leading `submissions/` is allowed.
//!
//! `--jobs N` bounds the submissions built at once, and the cases run at once, whichever
//! submissions they are of: the cases of every submission take one of the same `N` slots, so
//! that grading submissions side by side never runs more programs at once than grading one
//! does with as many slots. By default `N` is the number of cores the process may use, as many
//! cases as `grade` runs at once for one submission.

use std::collections::BTreeMap;
use std::num::NonZeroUsize;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use kata_model::package::{Package, Submission};

use crate::error::KataError;

/// What `kata dev check` is asked to run of a package, and how much of it at once.
#[derive(Clone, Debug)]
pub struct Selection {
    /// The patterns given with `--submissions`: none selects every submission.
    pub patterns: Vec<String>,
    /// How many builds or cases at once.
    pub jobs: NonZeroUsize,
    /// Whether a time limit inferred from the accepted submissions is written to the package's
    /// `.timelimit`, where `grade` reads it (`--write-time-limit`).
    pub write_time_limit: bool,
}

impl Default for Selection {
    fn default() -> Selection {
        Selection {
            patterns: Vec::new(),
            jobs: default_jobs(),
            write_time_limit: false,
        }
    }
}

/// As many jobs as there are cores this process may use (one where that cannot be known).
#[must_use]
pub fn default_jobs() -> NonZeroUsize {
    thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)
}

impl Selection {
    /// Whether every submission is selected.
    #[must_use]
    pub fn is_all(&self) -> bool {
        self.patterns.is_empty()
    }

    /// The submissions of `package` selected, in the package's order.
    ///
    /// # Errors
    ///
    /// [`KataError::NoSubmissionMatches`] for the first pattern that selects none of them.
    pub fn pick<'a>(&self, package: &'a Package) -> Result<Vec<&'a Submission>, KataError> {
        if let Some(pattern) = self.patterns.iter().find(|pattern| {
            !package
                .submissions
                .iter()
                .any(|submission| selects(pattern, &submission.name))
        }) {
            return Err(KataError::NoSubmissionMatches {
                pattern: pattern.clone(),
                package: package.folder.clone(),
                count: package.submissions.len(),
            });
        }
        Ok(package
            .submissions
            .iter()
            .filter(|submission| self.is_all() || self.selects(&submission.name))
            .collect())
    }

    /// Whether a pattern selects the submission `name` (its path under `submissions/`).
    #[must_use]
    pub fn selects(&self, name: &str) -> bool {
        self.patterns.iter().any(|pattern| selects(pattern, name))
    }
}

/// Whether `pattern` matches the submission `name` or a folder it is in.
fn selects(pattern: &str, name: &str) -> bool {
    let pattern = pattern.trim_matches('/');
    let pattern = pattern.strip_prefix("submissions/").unwrap_or(pattern);
    let parts: Vec<&str> = pattern.split('/').filter(|part| !part.is_empty()).collect();
    let names: Vec<&str> = Path::new(name)
        .iter()
        .filter_map(|part| part.to_str())
        .collect();
    !parts.is_empty()
        && parts.len() <= names.len()
        && parts
            .iter()
            .zip(&names)
            .all(|(part, name)| wildcard(part.as_bytes(), name.as_bytes()))
}

/// Whether `text` is `pattern`: `*` any run of bytes, `?` any one character.
fn wildcard(pattern: &[u8], text: &[u8]) -> bool {
    match pattern.split_first() {
        None => text.is_empty(),
        Some((b'*', rest)) => (0..=text.len()).any(|at| wildcard(rest, &text[at..])),
        Some((b'?', rest)) => {
            // One character, however many bytes it takes in UTF-8.
            let width = text
                .first()
                .map_or(0, |first| utf8_width(*first))
                .min(text.len());
            width > 0 && wildcard(rest, &text[width..])
        }
        Some((byte, rest)) => text
            .split_first()
            .is_some_and(|(first, tail)| first == byte && wildcard(rest, tail)),
    }
}

/// How many bytes the UTF-8 character that starts with `first` takes.
fn utf8_width(first: u8) -> usize {
    match first.leading_ones() {
        0 => 1,
        width => width as usize,
    }
}

/// Runs `work` on each of `items`, `jobs` at once, and hands each result with its item to
/// `done` in the items' order, as soon as it and every one before it are ready. When `done`
/// fails, no item not yet begun is begun, and its error is returned once those running end.
///
/// # Errors
///
/// The first error of `done`.
pub fn in_order<T: Sync, R: Send, E>(
    items: &[T],
    jobs: NonZeroUsize,
    work: impl Fn(&T) -> R + Sync,
    mut done: impl FnMut(&T, R) -> Result<(), E>,
) -> Result<(), E> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let workers = jobs.get().min(items.len());
    thread::scope(|scope| {
        let (sender, results) = mpsc::channel();
        for _ in 0..workers {
            let sender = sender.clone();
            let (next, stop, work) = (&next, &stop, &work);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    let Some(item) = items.get(index) else { return };
                    if stop.load(Ordering::SeqCst) || sender.send((index, work(item))).is_err() {
                        return;
                    }
                }
            });
        }
        // Only the workers' senders are left: the channel ends when they do.
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (index, result) in results {
            waiting.insert(index, result);
            while let Some(result) = waiting.remove(&due) {
                if let Err(error) = done(&items[due], result) {
                    stop.store(true, Ordering::SeqCst);
                    return Err(error);
                }
                due += 1;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_pattern_selects_a_submission_by_its_path_or_its_folders() {
        let matching = [
            ("accepted/mean.py", "accepted/mean.py"),
            ("accepted/*.py", "accepted/mean.py"),
            ("*/mean.*", "wrong_answer/mean.c"),
            ("wrong_answer", "wrong_answer/one.py"),
            ("*_exceeded/", "time_limit_exceeded/forever.c"),
            ("submissions/accepted/mean.?", "accepted/mean.c"),
            ("accepted/m?an.c", "accepted/méan.c"),
            ("accepted/folder", "accepted/folder"),
        ];
        for (pattern, name) in matching {
            assert!(selects(pattern, name), "{pattern} should select {name}");
        }
        let other = [
            ("accepted/*.py", "accepted/mean.c"),
            ("accept", "accepted/mean.py"),
            ("*.py", "accepted/mean.py"),
            ("accepted/mean.py/more", "accepted/mean.py"),
            ("", "accepted/mean.py"),
            ("accepted/mean.?", "accepted/mean.cc"),
        ];
        for (pattern, name) in other {
            assert!(
                !selects(pattern, name),
                "{pattern} should not select {name}"
            );
        }
    }

    #[test]
    fn work_done_side_by_side_is_handed_back_in_order() {
        let items: Vec<u64> = (0..12).collect();
        let mut seen = Vec::new();
        // The first items take longest, so that later ones end first.
        let outcome: Result<(), ()> = in_order(
            &items,
            NonZeroUsize::new(4).expect("not zero"),
            |item| {
                thread::sleep(Duration::from_millis(12 - item));
                item * 10
            },
            |item, result| {
                seen.push((*item, result));
                Ok(())
            },
        );
        assert_eq!(outcome, Ok(()));
        assert_eq!(
            seen,
            items
                .iter()
                .map(|item| (*item, item * 10))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_failure_to_hand_back_stops_what_is_not_begun() {
        let items: Vec<usize> = (0..100).collect();
        let begun = AtomicUsize::new(0);
        let outcome = in_order(
            &items,
            NonZeroUsize::MIN,
            |_| {
                begun.fetch_add(1, Ordering::SeqCst);
                thread::sleep(Duration::from_millis(20));
            },
            |item, ()| if *item == 2 { Err("full") } else { Ok(()) },
        );
        assert_eq!(outcome, Err("full"));
        // One worker, which had begun the item after the failing one at most: 100 items would
        // take two seconds.
        assert!(begun.load(Ordering::SeqCst) <= 5, "{begun:?}");
    }
}
