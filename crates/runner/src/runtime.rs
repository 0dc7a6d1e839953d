//! Managed runtimes given the memory a case's limit grants, as judges give it: a runtime that
//! sizes its heap by itself takes a part of what it sees (a JVM a quarter of its control group,
//! Node.js half), and would run out of heap with most of the limit unused. Each is told its heap
//! through its own environment variable, leaving room for what it uses beside its heap; and
//! running out of that heap, in its own words on standard error, is the memory limit broken.
//!
//! - A JVM: `JAVA_TOOL_OPTIONS=-Xmx<heap>`, which every JVM reads. It says so on standard error
//!   (`Picked up JAVA_TOOL_OPTIONS: ...`), a line the grader takes out again.
//! - Node.js: `NODE_OPTIONS=--max-old-space-size=<heap in MiB>`.
//! - .NET sizes its heap from its control group's limit itself, three quarters of it, leaving the
//!   rest to the runtime: it is left to do so.
//!
//! The heap is the limit less the larger of [`RESERVE`] and an eighth of it. Measured with a
//! limit of 512 MiB (so a heap of 448 MiB): a JVM 17 program holding 200 MiB of arrays with 60
//! threads used 225 MiB of its control group at most, and one that filled its heap 457 MiB
//! before it threw `OutOfMemoryError`; Node.js 20 filling its heap reached 458 MiB before its
//! "heap out of memory". Either stays more than 50 MiB within the limit, so it runs out of its
//! own heap, with its own message, rather than being killed.

use std::ffi::OsString;

/// The least memory left beside a runtime's heap: its code, its threads' stacks, its
/// collector's tables, its libraries.
pub const RESERVE: u64 = 64 << 20;

/// The variables that give a runtime its heap under a memory limit of `memory` bytes, to add to
/// a case's environment (each after any value it already has, which it overrides); none for a
/// limit too small to leave a heap, or no limit.
#[must_use]
pub fn variables(memory: u64) -> Vec<(&'static str, String)> {
    let Some(heap) = heap(memory) else {
        return Vec::new();
    };
    let mebibytes = heap >> 20;
    vec![
        ("JAVA_TOOL_OPTIONS", format!("-Xmx{mebibytes}m")),
        ("NODE_OPTIONS", format!("--max-old-space-size={mebibytes}")),
    ]
}

/// `variables(memory)` set after any value of `existing` (a variable's present value, by name).
#[must_use]
pub fn environment(
    memory: u64,
    existing: impl Fn(&str) -> Option<OsString>,
) -> Vec<(&'static str, OsString)> {
    variables(memory)
        .into_iter()
        .map(|(name, value)| {
            let value = match existing(name) {
                Some(mut before) if !before.is_empty() => {
                    before.push(" ");
                    before.push(value);
                    before
                }
                _ => OsString::from(value),
            };
            (name, value)
        })
        .collect()
}

/// The heap a runtime gets under a limit of `memory` bytes, a whole number of MiB: `None` when
/// there is no limit, or too little beside [`RESERVE`].
fn heap(memory: u64) -> Option<u64> {
    if memory == u64::MAX {
        return None;
    }
    let heap = memory.saturating_sub(RESERVE.max(memory / 8)) >> 20 << 20;
    (heap >= 16 << 20).then_some(heap)
}

/// `stderr` without the line a JVM writes first to say it read `JAVA_TOOL_OPTIONS`, when that is
/// the value [`variables`] gave it: the grader's words, not the program's.
#[must_use]
pub fn without_echo(stderr: Vec<u8>, memory: u64) -> Vec<u8> {
    let Some((_, options)) = variables(memory)
        .into_iter()
        .find(|(name, _)| *name == "JAVA_TOOL_OPTIONS")
    else {
        return stderr;
    };
    let echo = format!("Picked up JAVA_TOOL_OPTIONS: {options}\n");
    match stderr.strip_prefix(echo.as_bytes()) {
        Some(rest) => rest.to_vec(),
        None => stderr,
    }
}

/// What a runtime writes on standard error when it runs out of its heap: a JVM's uncaught
/// error, and Node.js's and .NET's last words.
const OUT_OF_HEAP: &[&str] = &[
    "java.lang.OutOfMemoryError: Java heap space",
    "java.lang.OutOfMemoryError: GC overhead limit exceeded",
    "JavaScript heap out of memory",
    "System.OutOfMemoryException",
];

/// Whether a program that ended with an error, having written `stderr`, ran out of its
/// runtime's heap.
#[must_use]
pub fn ran_out_of_heap(stderr: &[u8]) -> bool {
    let said = String::from_utf8_lossy(stderr);
    OUT_OF_HEAP.iter().any(|words| said.contains(words))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_heap_is_the_limit_less_room_for_the_runtime() {
        assert_eq!(
            variables(512 << 20),
            [
                ("JAVA_TOOL_OPTIONS", "-Xmx448m".to_owned()),
                ("NODE_OPTIONS", "--max-old-space-size=448".to_owned()),
            ]
        );
        // An eighth, past half a GiB.
        assert_eq!(heap(2 << 30), Some(1792 << 20));
        assert_eq!(heap(70 << 20), None);
        assert_eq!(heap(u64::MAX), None);
    }

    #[test]
    fn a_value_already_set_comes_first_and_is_overridden() {
        let given = environment(512 << 20, |name| {
            (name == "NODE_OPTIONS").then(|| OsString::from("--enable-source-maps"))
        });
        assert_eq!(
            given,
            [
                ("JAVA_TOOL_OPTIONS", OsString::from("-Xmx448m")),
                (
                    "NODE_OPTIONS",
                    OsString::from("--enable-source-maps --max-old-space-size=448")
                ),
            ]
        );
    }

    #[test]
    fn the_jvms_echo_of_the_graders_options_is_taken_out_and_nothing_else() {
        let stderr = b"Picked up JAVA_TOOL_OPTIONS: -Xmx448m\nException in thread \"main\" \
                       java.lang.OutOfMemoryError: Java heap space\n";
        let left = without_echo(stderr.to_vec(), 512 << 20);
        assert!(left.starts_with(b"Exception in thread"));
        assert!(ran_out_of_heap(&left));
        let own = b"Picked up JAVA_TOOL_OPTIONS: -Xmx1g\n".to_vec();
        assert_eq!(without_echo(own.clone(), 512 << 20), own);
        assert!(!ran_out_of_heap(b"MemoryError\n"));
    }
}
