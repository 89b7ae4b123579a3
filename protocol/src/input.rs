//! Bounded input: lines read as bytes with a length limit, and files read
//! with a size limit, so that no input (an endless line, `/dev/zero`, a byte
//! that is not UTF-8) can grow memory without bound or end a session.
//!
//! A line past its limit is reported as soon as the limit is passed (an
//! endless line is reported at once, not never), and the rest of it, up to
//! its newline, is skipped without being kept. A line that is not UTF-8 is
//! reported as such; the reader goes on with the next line either way.

use std::error::Error;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, Read};
use std::path::Path;

/// The longest line, in bytes before its newline (a carriage return
/// included), that the UCI and Piskvork sessions, `solve` and `analyze`
/// read: a whole 20x20 game in one `position` line is under 4 KiB.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// The largest opening book file read (`BookFile`, `inarow book`): the
/// book in the repository is 3.6 MiB, a 7x6 book of 12 plies under 200 MiB.
pub const MAX_BOOK_BYTES: u64 = 256 << 20;

/// The largest text file read: a PGN file (`review`, `match --resume`), a
/// line book, an openings file. A game of PGN is a few KiB at most.
pub const MAX_TEXT_BYTES: u64 = 64 << 20;

/// Why a line could not be read.
#[derive(Debug)]
pub enum LineError {
    /// The line is longer than the limit; the rest of it is skipped.
    TooLong {
        /// The limit in bytes.
        limit: usize,
    },
    /// The line is not UTF-8.
    NotUtf8 {
        /// Where its first bad byte is, counted from 1.
        position: usize,
        /// That byte.
        byte: u8,
    },
    /// The input cannot be read any more.
    Io(io::Error),
}

impl LineError {
    /// Whether nothing more can be read (an I/O error): the other errors
    /// concern one line, and the next can be read.
    #[must_use]
    pub fn is_fatal(&self) -> bool {
        matches!(self, LineError::Io(_))
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::TooLong { limit } => {
                write!(
                    f,
                    "the line is longer than {limit} bytes (the limit); it is skipped"
                )
            }
            LineError::NotUtf8 { position, byte } => write!(
                f,
                "the line is not UTF-8 (byte {position} is 0x{byte:02x}); it is skipped"
            ),
            LineError::Io(e) => write!(f, "cannot read the input: {e}"),
        }
    }
}

impl Error for LineError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            LineError::Io(e) => Some(e),
            _ => None,
        }
    }
}

/// Lines of at most a limit of bytes from a [`BufRead`], as an iterator of
/// text or the reason a line was refused; it ends at the end of the input
/// (a last line without a newline counts) and after an I/O error.
pub struct LineReader<R> {
    input: R,
    limit: usize,
    /// Inside a line past the limit: skip to its newline.
    skipping: bool,
    done: bool,
    buffer: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// Lines of at most `limit` bytes from `input`.
    pub fn new(input: R, limit: usize) -> Self {
        LineReader {
            input,
            limit,
            skipping: false,
            done: false,
            buffer: Vec::new(),
        }
    }

    /// The next line's bytes, without the newline; `Ok(None)` at the end.
    fn next_bytes(&mut self) -> Result<Option<Vec<u8>>, LineError> {
        self.buffer.clear();
        let mut any = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(LineError::Io(e)),
            };
            if available.is_empty() {
                self.skipping = false;
                return Ok(any.then(|| std::mem::take(&mut self.buffer)));
            }
            let (chunk, found_end) = match available.iter().position(|&b| b == b'\n') {
                Some(end) => (&available[..end], true),
                None => (available, false),
            };
            let used = chunk.len() + usize::from(found_end);
            if self.skipping {
                self.input.consume(used);
                if found_end {
                    self.skipping = false;
                }
                continue;
            }
            any = true;
            if self.buffer.len() + chunk.len() > self.limit {
                self.input.consume(used);
                self.skipping = !found_end;
                return Err(LineError::TooLong { limit: self.limit });
            }
            self.buffer.extend_from_slice(chunk);
            self.input.consume(used);
            if found_end {
                return Ok(Some(std::mem::take(&mut self.buffer)));
            }
        }
    }
}

impl<R: BufRead> Iterator for LineReader<R> {
    type Item = Result<String, LineError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.next_bytes() {
            Ok(None) => {
                self.done = true;
                None
            }
            Ok(Some(mut bytes)) => {
                if bytes.last() == Some(&b'\r') {
                    bytes.pop();
                }
                Some(String::from_utf8(bytes).map_err(|e| {
                    let at = e.utf8_error().valid_up_to();
                    LineError::NotUtf8 {
                        position: at + 1,
                        byte: e.as_bytes()[at],
                    }
                }))
            }
            Err(e) => {
                self.done = e.is_fatal();
                Some(Err(e))
            }
        }
    }
}

/// Why a file could not be read.
#[derive(Debug)]
pub enum FileError {
    /// It cannot be opened or read.
    Io(io::Error),
    /// It is larger than the limit.
    TooLarge {
        /// The limit in bytes.
        limit: u64,
    },
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io(e) => e.fmt(f),
            FileError::TooLarge { limit } => {
                write!(f, "larger than {limit} bytes (the limit)")
            }
        }
    }
}

impl Error for FileError {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            FileError::Io(e) => Some(e),
            FileError::TooLarge { .. } => None,
        }
    }
}

/// Everything `input` holds, if it is at most `limit` bytes; reading stops
/// just past the limit (an endless stream is refused, not read to the end).
///
/// # Errors
/// [`FileError::TooLarge`] past the limit, [`FileError::Io`] if it cannot be read.
pub fn read_limited(input: impl Read, limit: u64) -> Result<Vec<u8>, FileError> {
    let mut bytes = Vec::new();
    input
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(FileError::Io)?;
    if bytes.len() as u64 > limit {
        return Err(FileError::TooLarge { limit });
    }
    Ok(bytes)
}

/// The file at `path`, if it is at most `limit` bytes. A regular file's size
/// is checked before it is read; a device or a pipe is read up to the limit.
///
/// # Errors
/// As [`read_limited`].
pub fn read_file(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    let file = File::open(path).map_err(FileError::Io)?;
    if let Ok(metadata) = file.metadata() {
        if metadata.is_file() && metadata.len() > limit {
            return Err(FileError::TooLarge { limit });
        }
    }
    read_limited(file, limit)
}

/// The text file at `path`, if it is at most `limit` bytes of UTF-8.
///
/// # Errors
/// As [`read_file`], and [`FileError::Io`] (of kind `InvalidData`) if it is
/// not UTF-8.
pub fn read_text_file(path: &Path, limit: u64) -> Result<String, FileError> {
    let bytes = read_file(path, limit)?;
    String::from_utf8(bytes).map_err(|e| {
        FileError::Io(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "not UTF-8 (byte {} is not)",
                e.utf8_error().valid_up_to() + 1
            ),
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], limit: usize) -> Vec<Result<String, String>> {
        LineReader::new(input, limit)
            .map(|line| line.map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn reads_lines_of_bytes() {
        assert_eq!(
            lines(b"isready\r\nd \xe9\n\nlast", 16),
            vec![
                Ok("isready".to_owned()),
                Err("the line is not UTF-8 (byte 3 is 0xe9); it is skipped".to_owned()),
                Ok(String::new()),
                Ok("last".to_owned()),
            ]
        );
        assert!(lines(b"", 16).is_empty());
    }

    #[test]
    fn refuses_a_line_past_the_limit_and_reads_on() {
        let mut input = vec![b'x'; 8];
        input.push(b'\n');
        input.extend(vec![b'y'; 9]);
        input.extend(b"\nnext\n");
        input.extend(vec![b'z'; 100]);
        let read = lines(&input, 8);
        assert_eq!(read.len(), 4);
        assert_eq!(read[0], Ok("x".repeat(8)));
        assert_eq!(
            read[1],
            Err("the line is longer than 8 bytes (the limit); it is skipped".to_owned())
        );
        assert_eq!(read[2], Ok("next".to_owned()));
        assert!(read[3].is_err());
    }

    #[test]
    fn an_endless_line_is_refused_at_once() {
        let mut reader = LineReader::new(io::BufReader::new(io::repeat(0)), 1000);
        assert!(matches!(
            reader.next(),
            Some(Err(LineError::TooLong { limit: 1000 }))
        ));
    }

    #[test]
    fn files_are_read_up_to_their_limit() {
        assert_eq!(read_limited(&b"abc"[..], 3).unwrap(), b"abc");
        assert!(matches!(
            read_limited(io::repeat(0), 1 << 20),
            Err(FileError::TooLarge { limit }) if limit == 1 << 20
        ));
        let error = read_file(Path::new("/dev/zero"), 4096).unwrap_err();
        assert_eq!(error.to_string(), "larger than 4096 bytes (the limit)");
    }
}
