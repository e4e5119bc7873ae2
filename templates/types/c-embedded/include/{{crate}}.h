#ifndef {{crate_upper}}_H
#define {{crate_upper}}_H

/* {{name}}: {{description}} */

/** Returns the firmware version as major * 10000 + minor * 100 + patch. */
int {{crate}}_version(void);

#endif /* {{crate_upper}}_H */
