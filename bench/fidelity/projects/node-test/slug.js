// The code under test.
function slugify(s) {
  if (!s) throw new Error('empty title');
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
module.exports = { slugify };
