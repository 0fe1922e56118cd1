// Placeholder: the fixture server lands with issue 3.
