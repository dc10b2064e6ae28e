export declare function generateSchemaArtifacts(schemaModule?: string): Promise<{ schemaJson: string; validatorJs: string }>;
