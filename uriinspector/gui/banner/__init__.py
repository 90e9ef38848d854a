"""What the window says under the field: the effective-host banner, its chain of
hops, and the defanged-link notice.

Import the modules themselves (``gui.banner.banner.EffectiveHostBanner``); this
package imports nothing.
"""
