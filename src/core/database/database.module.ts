import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { PreparedSql } from './prepared-sql.service';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config),
        autoLoadEntities: true,
        retryAttempts: 2,
        retryDelay: 1000,
      }),
    }),
  ],
  providers: [PreparedSql],
  exports: [PreparedSql],
})
export class DatabaseModule {}
