//! The writer of the text report: after its first failure it takes no more, so that grading
//! goes on and the JSON results are still written when nobody reads the report any more
//! (`grade ... | head -1`).

use std::io::{self, Write};

/// A writer that remembers its first failure and drops everything after it.
pub struct Report<W: Write> {
    out: W,
    failure: Option<io::Error>,
}

impl<W: Write> Report<W> {
    /// A report written to `out`.
    pub fn new(out: W) -> Self {
        Report { out, failure: None }
    }

    /// The first failure to write, once everything is written and flushed; `None` when the
    /// whole report was written.
    pub fn finish(mut self) -> Option<io::Error> {
        if self.failure.is_none()
            && let Err(error) = self.out.flush()
        {
            self.failure = Some(error);
        }
        self.failure
    }
}

impl<W: Write> Write for Report<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.failure.is_none()
            && let Err(error) = self.out.write_all(bytes)
        {
            self.failure = Some(error);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.failure.is_none()
            && let Err(error) = self.out.flush()
        {
            self.failure = Some(error);
        }
        Ok(())
    }
}
