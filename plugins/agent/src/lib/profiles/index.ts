// Model profile suggestions and endpoint presets (owned by the models area).
export {}
