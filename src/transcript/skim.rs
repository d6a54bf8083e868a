//! Reading a JSON document as serde_json reads it into a [`Value`] (the same syntax, UTF-8 and
//! depth checks, so the same errors with their line and column), without building it: what a
//! transcript document needs to know before its messages are read one at a time is whether it
//! is valid and which of its root's keys hold a message list.

use super::json::{KEYS, without_lone_surrogates};
#[cfg(doc)]
use serde_json::Value;

/// Checks `bytes` as [`super::json::from_slice`] would parse them into a [`Value`], without
/// building it, and tells which of [`KEYS`] hold a list in the root object.
pub(super) fn validate(bytes: &[u8]) -> serde_json::Result<[bool; 3]> {
    match serde_json::from_slice::<ListKeys>(bytes) {
        Ok(keys) => Ok(keys.0),
        Err(e) => match without_lone_surrogates(bytes) {
            Some(clean) => serde_json::from_slice::<ListKeys>(&clean).map(|k| k.0),
            None => Err(e),
        },
    }
}

/// Any JSON value, read (and checked) as a [`Value`] would be, and dropped.
struct Discard;

impl<'de> serde::Deserialize<'de> for Discard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(Shape(|_| Discard))
    }
}

/// Whether a JSON value is a list; the value is dropped.
struct IsList(bool);

impl<'de> serde::Deserialize<'de> for IsList {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(Shape(|kind| IsList(kind == Kind::List)))
    }
}

/// Which of [`KEYS`] hold a list in a JSON object (none for anything else); the value is dropped.
pub(super) struct ListKeys(pub(super) [bool; 3]);

impl<'de> serde::Deserialize<'de> for ListKeys {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(Shape(|_| ListKeys([false; 3])))
    }
}

/// The kinds of JSON value a [`Shape`] tells apart.
#[derive(PartialEq, Eq)]
enum Kind {
    Scalar,
    List,
    Object,
}

/// A visitor that reads any value, drops it, and makes `T` from its kind; objects read into
/// [`ListKeys`] note which of [`KEYS`] hold lists (the last of repeated keys counts, as in a
/// [`Value`]).
struct Shape<F>(F);

/// What a [`Shape`] visitor makes.
trait FromShape: Sized {
    fn object<'de, A: serde::de::MapAccess<'de>>(make: impl Fn(Kind) -> Self, map: A) -> Result<Self, A::Error>;
}

impl FromShape for Discard {
    fn object<'de, A: serde::de::MapAccess<'de>>(_: impl Fn(Kind) -> Self, mut map: A) -> Result<Self, A::Error> {
        while map.next_entry::<Discard, Discard>()?.is_some() {}
        Ok(Discard)
    }
}

impl FromShape for IsList {
    fn object<'de, A: serde::de::MapAccess<'de>>(make: impl Fn(Kind) -> Self, map: A) -> Result<Self, A::Error> {
        Discard::object(|_| Discard, map)?;
        Ok(make(Kind::Object))
    }
}

impl FromShape for ListKeys {
    fn object<'de, A: serde::de::MapAccess<'de>>(_: impl Fn(Kind) -> Self, mut map: A) -> Result<Self, A::Error> {
        let mut lists = [false; 3];
        while let Some(k) = map.next_key::<String>()? {
            match KEYS.iter().position(|key| *key == k) {
                Some(p) => lists[p] = map.next_value::<IsList>()?.0,
                None => {
                    map.next_value::<Discard>()?;
                }
            }
        }
        Ok(ListKeys(lists))
    }
}

impl<'de, T: FromShape, F: Fn(Kind) -> T> serde::de::Visitor<'de> for Shape<F> {
    type Value = T;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<T, E> {
        Ok(self.0(Kind::Scalar))
    }
    fn visit_i64<E>(self, _: i64) -> Result<T, E> {
        Ok(self.0(Kind::Scalar))
    }
    fn visit_u64<E>(self, _: u64) -> Result<T, E> {
        Ok(self.0(Kind::Scalar))
    }
    fn visit_f64<E>(self, _: f64) -> Result<T, E> {
        Ok(self.0(Kind::Scalar))
    }
    fn visit_str<E>(self, _: &str) -> Result<T, E> {
        Ok(self.0(Kind::Scalar))
    }
    fn visit_unit<E>(self) -> Result<T, E> {
        Ok(self.0(Kind::Scalar))
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<T, A::Error> {
        while seq.next_element::<Discard>()?.is_some() {}
        Ok(self.0(Kind::List))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::object(self.0, map)
    }
}
