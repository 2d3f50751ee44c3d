"""ipywidgets components for Rules Explorer. One component per module; import them by module:

    from widgets.step_controls import StepControls

Components call the engine (``explorer``) and the odds (``probability``); they never compute rules.
Inside this project write ``import ipywidgets as ipw`` so this package is never shadowed.
"""
