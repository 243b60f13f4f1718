"""The public pages, a module for each: home, the quote list, permalinks (with their citation
files), people, units, outlets, articles, about, and the files at the site's root.

The pages of a person, a unit and an outlet list its quotes or articles under it: they follow
Django's "SingleObjectMixin with ListView" pattern, and their templates get the object by
model name and the page's rows as object_list."""
