//! Structure-aware inputs: HTML becomes readable text, and JSON is cut so that it stays valid
//! JSON, before either is held to a budget.

pub mod html;
pub mod json;
