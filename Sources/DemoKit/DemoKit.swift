// DemoKit: the demo walk.
