"""The compiled build's attribute access on Python classes: cached where it happens, as CPython's
own interpreter caches it, and methods called without a bound method.

mypyc compiles ``obj.name`` on a value of a Python class (an attrs class: a card, a hand, a
ruleset; a round's record, which the interpreter subclasses) to ``PyObject_GetAttr``, the
generic protocol: the type's attribute lookup, the slot's descriptor, its getter, at every
read. CPython 3.11's specializing interpreter reads the same slot after one check of the
object's type and of that type's version (``LOAD_ATTR_SLOT``), so the compiled build read a
round's fields more slowly than the pure one, and the modules that do little but read or write
them were left interpreted. :func:`faster_attribute_access` changes the C that mypyc generated
in two ways:

- **Each read and write has its own cache.** Every ``CPyObject_GetAttr(obj, name)`` and
  ``PyObject_SetAttr(obj, name, value)`` of the generated code calls a helper with a cache of
  its own, filled the interpreter's way: the first time a site meets an object whose type
  reads (writes) ``name`` by the generic protocol and has no instance dictionary, and finds
  there a plain object slot (a ``__slots__`` entry: a member descriptor of type
  ``T_OBJECT_EX`` without flags) or, for a read, a class attribute that is no descriptor, it
  keeps the type, the name (a site may be given several: ``getattr(obj, name)``), the
  type's version tag and the slot's offset (or the value). While an object's type is that
  type, the name that name and the type's version unchanged (changing a class or any base
  of it gives it a new version), the site reads or writes the slot directly, or returns the
  value, exactly what the generic protocol does then. ``object.__setattr__(obj, name,
  value)`` (which mypyc compiles to the generic store) is cached the same way, and so is a
  method call ``obj.name(...)``: the method found in the type, called with ``obj`` first.
  Anything else takes the generic call unchanged: another type, a property, a module, a
  class with ``__getattr__``, a frozen class's ``__setattr__``, an empty slot (which must
  raise ``AttributeError``). A site that has filled its cache :data:`TRIES` times (it meets
  several types or names) keeps what it has.
- **Methods are method descriptors.** mypyc makes each method of a Python class a callable
  object whose ``__get__`` binds it, as a function's does, but without the flag
  (``Py_TPFLAGS_METHOD_DESCRIPTOR``) that tells CPython so; every call ``obj.method(...)``,
  from compiled code or from the interpreter, then made and freed a bound method. The flag
  is added to the types of those callable objects (all of them: the source defines no
  ``__get__`` of its own, which a test checks), and CPython calls the method with ``obj``
  as its first argument, the same call.
"""

from __future__ import annotations

import re

TRIES = 8
"""How many times a site fills its cache before it keeps what it has."""

HELPERS = r"""
/* ginrummy: cached attribute access (build_backend/attribute_access.py). */
typedef struct {
    PyTypeObject *type;   /* the type last learned (NULL: none yet) */
    PyObject *name;       /* the name learned (a site may read several: getattr(obj, name)) */
    unsigned int version; /* its version tag then */
    Py_ssize_t offset;    /* where its slot lies in an instance (-1: `value` instead) */
    PyObject *value;      /* the class attribute read (borrowed: the type's dict holds it) */
    int tries;            /* fills so far */
} GrAttrCache;

#ifdef Py_TPFLAGS_MANAGED_DICT
#define GR_NO_INSTANCE_DICT(t) ((t)->tp_dictoffset == 0 && !((t)->tp_flags & Py_TPFLAGS_MANAGED_DICT))
#else
#define GR_NO_INSTANCE_DICT(t) ((t)->tp_dictoffset == 0)
#endif

#define GR_READ 0     /* obj.name */
#define GR_WRITE 1    /* obj.name = value */
#define GR_GENERIC 2  /* object.__setattr__(obj, name, value) */
#define GR_METHOD 3   /* obj.name(...) */

/* Learn what `name` does on an instance of `t` at a site of kind `kind`, when it is a plain
   object slot (a read or a write), a class attribute that is no descriptor (a read) or a
   method descriptor (a call). */
static void GrAttrCache_Learn(GrAttrCache *cache, PyTypeObject *t, PyObject *name, int kind) {
    PyObject *found;
    PyMemberDef *member;
    if (cache->tries >= TRIES_LIMIT)
        return;
    cache->tries++;
    if (kind == GR_WRITE ? t->tp_setattro != PyObject_GenericSetAttr
        : kind != GR_GENERIC && t->tp_getattro != PyObject_GenericGetAttr)
        return;
    if (!PyUnicode_CheckExact(name) || !GR_NO_INSTANCE_DICT(t))
        return;
    found = _PyType_Lookup(t, name); /* borrowed; sets no error */
    if (found == NULL)
        return;
    if (!(t->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG) || t->tp_version_tag == 0)
        return;
    if (kind == GR_METHOD) {
        if (!(Py_TYPE(found)->tp_flags & Py_TPFLAGS_METHOD_DESCRIPTOR))
            return;
        cache->offset = -1;
        cache->value = found;
    } else if (Py_TYPE(found) == &PyMemberDescr_Type) {
        member = ((PyMemberDescrObject *)found)->d_member;
        if (member->type != T_OBJECT_EX || member->flags != 0)
            return;
        cache->offset = member->offset;
        cache->value = NULL;
    } else if (kind == GR_READ && Py_TYPE(found)->tp_descr_get == NULL
               && Py_TYPE(found)->tp_descr_set == NULL) {
        cache->offset = -1;
        cache->value = found;
    } else {
        return;
    }
    Py_INCREF(name);
    Py_XSETREF(cache->name, name);
    cache->type = t;
    cache->version = t->tp_version_tag;
}

/* Whether `cache` holds what `name` does on an instance of `t`. */
static inline int GrAttrCache_Holds(GrAttrCache *cache, PyTypeObject *t, PyObject *name) {
    return t == cache->type && name == cache->name && t->tp_version_tag == cache->version
        && (t->tp_flags & Py_TPFLAGS_VALID_VERSION_TAG);
}

/* obj.name, as PyObject_GetAttr (a new reference, or NULL with an error set). */
static inline PyObject *GrGetAttr(GrAttrCache *cache, PyObject *obj, PyObject *name) {
    PyTypeObject *t = Py_TYPE(obj);
    if (likely(GrAttrCache_Holds(cache, t, name))) {
        PyObject *value = cache->offset < 0 ? cache->value : *(PyObject **)((char *)obj + cache->offset);
        if (likely(value != NULL)) {
            Py_INCREF(value);
            return value;
        }
    } else {
        GrAttrCache_Learn(cache, t, name, GR_READ);
    }
    return PyObject_GetAttr(obj, name);
}

/* obj.name = value: as PyObject_SetAttr for a site of kind GR_WRITE, as mypyc's
   CPyObject_GenericSetAttr (object.__setattr__) for GR_GENERIC (0, or -1 with an error set);
   a slot is stored as its descriptor stores it. */
static inline int GrStore(GrAttrCache *cache, PyObject *obj, PyObject *name, PyObject *value, int kind) {
    PyTypeObject *t = Py_TYPE(obj);
    if (likely(value != NULL && GrAttrCache_Holds(cache, t, name))) {
        PyObject **slot = (PyObject **)((char *)obj + cache->offset);
        PyObject *old = *slot;
        Py_INCREF(value);
        *slot = value;
        Py_XDECREF(old);
        return 0;
    }
    GrAttrCache_Learn(cache, t, name, kind);
    return kind == GR_WRITE ? PyObject_SetAttr(obj, name, value) : CPyObject_GenericSetAttr(obj, name, value);
}
#define GrSetAttr(cache, obj, name, value) GrStore((cache), (obj), (name), (value), GR_WRITE)
#define GrGenericSetAttr(cache, obj, name, value) GrStore((cache), (obj), (name), (value), GR_GENERIC)

/* args[0].name(*args[1:]), as PyObject_VectorcallMethod. */
static inline PyObject *GrVectorcallMethod(GrAttrCache *cache, PyObject *name, PyObject *const *args,
                                           size_t nargsf, PyObject *kwnames) {
    PyTypeObject *t = Py_TYPE(args[0]);
    if (likely(GrAttrCache_Holds(cache, t, name))) {
        PyObject *method = cache->value, *result;
        Py_INCREF(method); /* the call may change the class */
        result = PyObject_Vectorcall(method, args, nargsf, kwnames);
        Py_DECREF(method);
        return result;
    }
    GrAttrCache_Learn(cache, t, name, GR_METHOD);
    return PyObject_VectorcallMethod(name, args, nargsf, kwnames);
}
"""
"""The C that the rewritten sites call (``TRIES_LIMIT`` is :data:`TRIES`)."""

_SITES = {
    "GrGetAttr": re.compile(r"\bCPyObject_GetAttr\("),
    "GrSetAttr": re.compile(r"(?<![\w.>])PyObject_SetAttr\("),
    "GrGenericSetAttr": re.compile(r"\bCPyObject_GenericSetAttr\("),
    "GrVectorcallMethod": re.compile(r"(?<![\w.>])PyObject_VectorcallMethod\("),
}
"""The calls given a cache each, by the helper that replaces them."""
_ANCHOR = '#include "__native_internal_'
_TYPE_TEMPLATE = re.compile(r"static PyTypeObject CPyType_\w+_template_ = \{.*?\n\s*\};", re.DOTALL)
_BINDS = re.compile(r"\.tp_descr_get = CPyDunder___get__\w+_obj,")
_FLAGS = re.compile(r"(\.tp_flags = [^,\n]+),")


def _method_descriptors(c_source: str) -> str:
    """``c_source`` with ``Py_TPFLAGS_METHOD_DESCRIPTOR`` added to the flags of each type whose
    ``__get__`` is the binding mypyc generates for a function's callable object."""

    def flagged(match: re.Match[str]) -> str:
        template = match.group(0)
        if not _BINDS.search(template) or "Py_TPFLAGS_METHOD_DESCRIPTOR" in template:
            return template
        return _FLAGS.sub(r"\1 | Py_TPFLAGS_METHOD_DESCRIPTOR,", template, count=1)

    return _TYPE_TEMPLATE.sub(flagged, c_source)


def faster_attribute_access(c_source: str) -> str:
    """``c_source`` (a C file mypyc generated) with each ``CPyObject_GetAttr(obj, name)`` and
    ``PyObject_SetAttr(obj, name, value)`` call made a call of the cached helpers, each site
    with its own cache (the helpers go after the file's last include), and its callable
    objects' types flagged as method descriptors. A file without mypyc's internal header (a
    module's shim), or rewritten already, is returned unchanged."""
    anchor = c_source.find(_ANCHOR)
    if anchor < 0 or "GrAttrCache" in c_source:  # a shim, or rewritten already
        return c_source
    site = 0

    def cached(helper: str) -> str:
        nonlocal site
        site += 1
        return f"{helper}(&gr_attr_caches[{site - 1}], "

    head_end = c_source.index("\n", anchor) + 1
    body = c_source[head_end:]
    for helper, call in _SITES.items():
        body = call.sub(lambda _, helper=helper: cached(helper), body)
    body = _method_descriptors(body)
    if not site:
        return c_source[:head_end] + body
    helpers = HELPERS.replace("TRIES_LIMIT", str(TRIES))
    caches = f"static GrAttrCache gr_attr_caches[{site}];\n"
    return c_source[:head_end] + helpers + caches + body
